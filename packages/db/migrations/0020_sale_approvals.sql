CREATE TABLE "sale_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approver" text NOT NULL,
	"summary" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sale_version" integer NOT NULL,
	"revision_id" uuid,
	"requested_by_id" uuid,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_comment" text,
	"decided_version" integer,
	"covered" jsonb,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	CONSTRAINT "sale_approvals_status_check" CHECK ("status" in ('pending', 'approved', 'rejected', 'void'))
);
--> statement-breakpoint
ALTER TABLE "sale_approvals" ADD CONSTRAINT "sale_approvals_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_approvals_sale_idx" ON "sale_approvals" USING btree ("sale_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sale_approvals_open_key" ON "sale_approvals" USING btree ("sale_id") WHERE "status" in ('pending', 'approved');--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "approval_state" text;--> statement-breakpoint
CREATE INDEX "sales_awaiting_approval_idx" ON "sales" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "approval_state" = 'pending';
