CREATE INDEX "sales_name_idx" ON "sales" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "sales_salesperson_idx" ON "sales" USING btree ("salesperson_name","id");--> statement-breakpoint
CREATE INDEX "sales_total_idx" ON "sales" USING btree ("total_price","id");--> statement-breakpoint
CREATE INDEX "sales_state_updated_idx" ON "sales" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "sales_search_idx" ON "sales" USING gin ((lower("name" || ' ' || "quote_number" || ' ' || coalesce("customer_name", '') || ' ' || coalesce("odoo_name", ''))) gin_trgm_ops);