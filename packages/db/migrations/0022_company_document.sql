-- Issue #24 (decision 0031): what a customer document needs from the ERP. The company of the documents with its logo
-- and currency (one row), the payment terms, the customers' and addresses' postal details and payment term, the
-- sale's validity, and the ERP's own figures (taxes, total, payment term, expiry) read back after a publish/sync.
CREATE TABLE "erp_company" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"odoo_id" integer NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"street2" text,
	"zip" text,
	"city" text,
	"state" text,
	"country" text,
	"country_code" text,
	"vat" text,
	"phone" text,
	"email" text,
	"website" text,
	"company_registry" text,
	"logo" text,
	"currency_name" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_position" text NOT NULL,
	"currency_decimal_places" integer NOT NULL,
	"currency_rounding" text NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_company_one_row" CHECK ("id" = 1),
	CONSTRAINT "erp_company_currency_position_check" CHECK ("currency_position" in ('before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "payment_terms" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "street2" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "payment_term_id" integer;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "street2" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "erp_amount_untaxed" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "erp_amount_tax" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "erp_amount_total" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "erp_payment_term" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "erp_validity_date" text;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_validity_days_check" CHECK ("validity_days" is null or ("validity_days" >= 0 and "validity_days" <= 3650));
-- Partners are written again by the next contacts fetch (their content hash now covers the address): clear it.
--> statement-breakpoint
UPDATE "partners" SET "content_hash" = '';
