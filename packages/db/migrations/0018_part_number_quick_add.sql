ALTER TABLE "products" ADD COLUMN "part_number" text;--> statement-breakpoint
CREATE INDEX "products_part_number_lower_idx" ON "products" USING btree (lower("part_number"));--> statement-breakpoint
CREATE INDEX "products_model_prefix_idx" ON "products" USING btree ((lower("model") collate "C"),"id");