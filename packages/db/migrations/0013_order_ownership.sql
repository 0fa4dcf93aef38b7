ALTER TABLE "sale_sync_runs" ADD COLUMN "sections_created" integer;--> statement-breakpoint
ALTER TABLE "sale_sync_runs" ADD COLUMN "sections_updated" integer;--> statement-breakpoint
ALTER TABLE "sale_sync_runs" ADD COLUMN "sections_deleted" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "odoo_created_at" text;