-- Counts the transactions that change the catalogue (ADR 0020): a cached stock page is still exact while this
-- count and its department's ledger count (movements_count) are unchanged. Any change counts, also of a column no list
-- shows: catalogue edits are rare, and a list of columns would have to follow every column the list reads.
-- Deferred to commit, and once per transaction (a transaction-local setting remembers it), so the one row is
-- taken at the commit's first deferred trigger and held to its end, not for the transaction, and an import
-- of 10 000 components counts once.
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cm.catalogue_changed', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('cm.catalogue_changed', 'yes', true);
    UPDATE catalogue_version SET changes = changes + 1;
  END IF;
  RETURN NULL;
END
$$;
