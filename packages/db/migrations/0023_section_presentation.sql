-- Section presentation (issue #24, decision 0032): details | quantities | total | optional. show_details becomes a
-- column generated from it (false exactly when the section prints as its total), so older readers keep working and
-- the two can never disagree. Backfill: show_details false → 'total', else 'details'.
ALTER TABLE "sale_sections" ADD COLUMN "presentation" text DEFAULT 'details' NOT NULL;--> statement-breakpoint
UPDATE "sale_sections" SET "presentation" = 'total' WHERE NOT "show_details";--> statement-breakpoint
ALTER TABLE "sale_sections" ADD CONSTRAINT "sale_sections_presentation_check"
  CHECK ("presentation" IN ('details', 'quantities', 'total', 'optional'));--> statement-breakpoint
ALTER TABLE "sale_sections" DROP COLUMN "show_details";--> statement-breakpoint
ALTER TABLE "sale_sections" ADD COLUMN "show_details" boolean GENERATED ALWAYS AS ("presentation" <> 'total') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "template_sections" ADD COLUMN "presentation" text DEFAULT 'details' NOT NULL;--> statement-breakpoint
UPDATE "template_sections" SET "presentation" = 'total' WHERE NOT "show_details";--> statement-breakpoint
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_presentation_check"
  CHECK ("presentation" IN ('details', 'quantities', 'total', 'optional'));--> statement-breakpoint
ALTER TABLE "template_sections" DROP COLUMN "show_details";--> statement-breakpoint
ALTER TABLE "template_sections" ADD COLUMN "show_details" boolean GENERATED ALWAYS AS ("presentation" <> 'total') STORED NOT NULL;--> statement-breakpoint
-- A line of an optional section published to Odoo 18 is a sale.order.option, not an order line: its id is kept apart
-- from odoo_line_id (another model's ids), so a section moved between optional and another presentation is a delete
-- of the one and a create of the other.
ALTER TABLE "sale_lines" ADD COLUMN "odoo_option_id" integer;--> statement-breakpoint
-- A section's own version moves with its presentation (was: name, show_details, merge; migration 0005). A generated
-- column is not yet computed in a BEFORE trigger, so the trigger compares presentation.
CREATE OR REPLACE FUNCTION qw_section_own_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.presentation, NEW.merge) IS DISTINCT FROM (OLD.name, OLD.presentation, OLD.merge)
     AND NEW.version = OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;
