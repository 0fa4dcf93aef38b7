CREATE TABLE "sale_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"action" text NOT NULL,
	"create_new" boolean DEFAULT false NOT NULL,
	"origin" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"odoo_id" integer,
	"odoo_name" text,
	"lines_created" integer,
	"lines_updated" integer,
	"lines_deleted" integer,
	"our_total" numeric(16, 2),
	"erp_total" numeric(16, 2),
	"started_by_id" uuid,
	"started_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_sync_runs" ADD CONSTRAINT "sale_sync_runs_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_sync_runs_one_active" ON "sale_sync_runs" USING btree ("sale_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "sale_sync_runs_sale_created_idx" ON "sale_sync_runs" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_sync_runs_active_idx" ON "sale_sync_runs" USING btree ("heartbeat_at") WHERE status in ('queued', 'running');