-- The admin audit log (issue #25, docs/decisions/0033-audit-log.md): one row per admin action, append-only. `at` has
-- millisecond precision (a JavaScript date holds it exactly: the paging cursor (at, id) is exact); clock_timestamp()
-- so that two entries of one transaction keep their order. No foreign key on actor_id: an entry outlives its actor.
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
-- Newest first, and the screen's filters (one or several actions; one actor), each in the order the list reads.
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action", "at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id", "at" DESC, "id" DESC);--> statement-breakpoint
-- Append-only: the database itself refuses to change or remove an entry, whoever asks (the app's own role included).
-- TRUNCATE skips row triggers: a statement trigger refuses it too.
CREATE OR REPLACE FUNCTION qw_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION qw_audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION qw_audit_log_append_only();
