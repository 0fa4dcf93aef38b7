ALTER TABLE "sale_sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE FUNCTION qw_bump_section_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE sale_sections SET version = version + 1 WHERE id IN (SELECT DISTINCT section_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE sale_sections SET version = version + 1 WHERE id IN (SELECT DISTINCT section_id FROM old_rows);
  ELSE
    UPDATE sale_sections SET version = version + 1
      WHERE id IN (SELECT section_id FROM new_rows UNION SELECT section_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_lines_bump_insert AFTER INSERT ON sale_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qw_bump_section_versions();
--> statement-breakpoint
CREATE TRIGGER sale_lines_bump_update AFTER UPDATE ON sale_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qw_bump_section_versions();
--> statement-breakpoint
CREATE TRIGGER sale_lines_bump_delete AFTER DELETE ON sale_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qw_bump_section_versions();
--> statement-breakpoint
CREATE FUNCTION qw_section_own_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.show_details, NEW.merge) IS DISTINCT FROM (OLD.name, OLD.show_details, OLD.merge)
     AND NEW.version = OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_sections_own_version BEFORE UPDATE ON sale_sections
  FOR EACH ROW EXECUTE FUNCTION qw_section_own_version();
