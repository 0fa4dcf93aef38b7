-- A section's version moves ONCE per transaction that changes its lines (was: once per statement). Versions only
-- tell committed states apart (decision 0007), so one step per transaction is enough, and a change written as one
-- statement with several data-modifying CTEs on sale_lines (decision 0016: delete + renumber, insert + renumber)
-- moves each section it touches by exactly one. The sections already moved in this transaction are kept in a
-- transaction-local setting, undone with the transaction or a rolled-back savepoint.
CREATE OR REPLACE FUNCTION qw_bump_section_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(current_setting('qw.bumped_sections', true), '');
  ids uuid[];
BEGIN
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
