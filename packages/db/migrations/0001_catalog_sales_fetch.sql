CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."sale_quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "erp_fetch_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"written" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"message" text,
	"error" text,
	"started_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_addresses" (
	"id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_related" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"related_id" integer NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	CONSTRAINT "product_related_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"manufacturer" text,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"uom" text,
	"active" boolean DEFAULT true NOT NULL,
	"is_bundle" boolean DEFAULT false NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_templates" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text DEFAULT 'product' NOT NULL,
	"product_id" integer,
	"product_name" text,
	"manufacturer" text,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"price_percentage_active" boolean DEFAULT false NOT NULL,
	"uom" text,
	"template_id" uuid,
	"odoo_line_id" integer
);
--> statement-breakpoint
CREATE TABLE "sale_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"show_details" boolean DEFAULT true NOT NULL,
	"merge" boolean DEFAULT false NOT NULL,
	"odoo_line_id" integer
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quote_number" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"customer_id" integer,
	"customer_name" text,
	"invoice_id" integer,
	"invoice_name" text,
	"shipping_id" integer,
	"shipping_name" text,
	"template_id" integer,
	"template_name" text,
	"salesperson_id" integer,
	"salesperson_name" text,
	"template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text,
	"updated_by_id" uuid,
	"updated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"odoo_id" integer,
	"odoo_name" text,
	"odoo_synced" boolean DEFAULT false NOT NULL,
	"odoo_synced_on" timestamp with time zone,
	"odoo_sync_error" boolean DEFAULT false NOT NULL,
	"odoo_sync_message" text,
	"odoo_content_hash" text
);
--> statement-breakpoint
CREATE TABLE "salespersons" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD CONSTRAINT "partner_addresses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_related" ADD CONSTRAINT "product_related_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_section_id_sale_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sale_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_sections" ADD CONSTRAINT "sale_sections_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_fetch_runs_one_active" ON "erp_fetch_runs" USING btree ("kind") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "erp_fetch_runs_kind_created_idx" ON "erp_fetch_runs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "partner_addresses_partner_idx" ON "partner_addresses" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "products_active_model_idx" ON "products" USING btree ("active","model");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ((lower("model" || ' ' || "name" || ' ' || "description" || ' ' || coalesce("manufacturer", '') || ' ' || coalesce("category", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sale_lines_section_idx" ON "sale_lines" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "sale_lines_sale_idx" ON "sale_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_sections_sale_idx" ON "sale_sections" USING btree ("sale_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quote_number_key" ON "sales" USING btree ("quote_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_odoo_id_key" ON "sales" USING btree ("odoo_id");--> statement-breakpoint
CREATE INDEX "sales_updated_idx" ON "sales" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sales_state_idx" ON "sales" USING btree ("state");