DROP INDEX "products_active_model_idx";--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "products_manufacturer_idx" ON "products" USING btree ("manufacturer","id");--> statement-breakpoint
CREATE INDEX "products_description_idx" ON "products" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_cost_idx" ON "products" USING btree ("cost","id");