-- The one-statement write of a section's lines (decision 0016) moves that section's version itself, in the same
-- statement, and says so with a transaction-local setting (qw.lines_bump_own_section = 'on', set by that statement
-- only: its implicit transaction is the statement). The statement-level triggers on sale_lines then return at once
-- instead of collecting the changed rows' sections and updating them (a plpgsql call with two queries per write, on
-- the hot path of every line edit). Every other write of lines (transactions under the sale's lock, migrations, the
-- ERP fetch) does not set it and is bumped by the triggers as before (migration 0012).
CREATE OR REPLACE FUNCTION qw_bump_section_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(current_setting('qw.bumped_sections', true), '');
  ids uuid[];
BEGIN
  IF current_setting('qw.lines_bump_own_section', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT section_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT section_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT s) INTO ids FROM (SELECT section_id AS s FROM new_rows UNION SELECT section_id FROM old_rows) x;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE sale_sections SET version = version + 1 WHERE id = ANY(ids) AND strpos(done, id::text) = 0;
  PERFORM set_config('qw.bumped_sections', done || array_to_string(ids, ',') || ',', true);
  RETURN NULL;
END $$;
