CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" uuid,
	"started_by_id" uuid,
	"started_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The runs of both kinds move into "runs" with their ids (a run id the API answered stays valid): what only one
-- kind kept goes into "detail" (docs/decisions/0025-one-run-tracker.md).
INSERT INTO "runs" ("id", "queue", "key", "status", "attempt", "progress", "message", "detail", "started_by_id", "started_by_name", "created_at", "started_at", "finished_at", "heartbeat_at")
SELECT "id", 'erp-fetch', "kind", "status", 0, "progress", "message",
	jsonb_strip_nulls(jsonb_build_object('processed', "processed", 'total', "total", 'written', "written", 'deactivated', "deactivated", 'error', "error")),
	"started_by_id", NULL, "created_at", "started_at", "finished_at", "updated_at"
FROM "erp_fetch_runs";--> statement-breakpoint
INSERT INTO "runs" ("id", "queue", "key", "status", "attempt", "progress", "message", "detail", "started_by_id", "started_by_name", "created_at", "started_at", "finished_at", "heartbeat_at")
SELECT "id", 'erp-sale-sync', "sale_id"::text, "status", "attempt", "progress", "message",
	jsonb_strip_nulls(jsonb_build_object(
		'action', "action", 'createNew', "create_new", 'origin', "origin", 'odooId', "odoo_id", 'odooName', "odoo_name",
		'lines', CASE WHEN "lines_created" IS NULL THEN NULL ELSE jsonb_build_object('created', "lines_created", 'updated', coalesce("lines_updated", 0), 'deleted', coalesce("lines_deleted", 0)) END,
		'sections', CASE WHEN "sections_created" IS NULL THEN NULL ELSE jsonb_build_object('created', "sections_created", 'updated', coalesce("sections_updated", 0), 'deleted', coalesce("sections_deleted", 0)) END,
		'ourTotal', "our_total"::text, 'erpTotal', "erp_total"::text)),
	"started_by_id", "started_by_name", "created_at", "started_at", "finished_at", "heartbeat_at"
FROM "sale_sync_runs";--> statement-breakpoint
DROP TABLE "erp_fetch_runs" CASCADE;--> statement-breakpoint
DROP TABLE "sale_sync_runs" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "runs_one_active" ON "runs" USING btree ("queue","key") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "runs_queue_key_created_idx" ON "runs" USING btree ("queue","key","created_at");--> statement-breakpoint
CREATE INDEX "runs_active_idx" ON "runs" USING btree ("heartbeat_at") WHERE status in ('queued', 'running');