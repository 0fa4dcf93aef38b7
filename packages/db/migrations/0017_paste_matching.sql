CREATE INDEX "products_model_lower_idx" ON "products" USING btree (lower("model"));--> statement-breakpoint
CREATE INDEX "products_model_trgm_idx" ON "products" USING gin (lower("model") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);