-- Before a source row's keys change, lock what the change rewrites, then the row itself FOR UPDATE (which
-- conflicts with the FOR KEY SHARE of a new balance copying it): wait for every transaction that copied it,
-- and keep new copies out until this one commits. The balances first, in (component, location) order, the
-- order postings lock them in: a posting holding one of them takes only FOR KEY SHARE on this row (its
-- movement's foreign keys), which the UPDATE's own lock allows, so it finishes and lets the edit go on. In a
-- statement that edits many rows, every row's balances are locked before any AFTER trigger (the
-- *_rewrite_list_keys functions and components_revalue_stock) runs. What remains is rare (a transfer into a
-- new balance, a rename of several locations at once while a transfer between them runs); PostgreSQL
-- resolves it by aborting one side, and both postings and edits retry.
CREATE OR REPLACE FUNCTION components_lock_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_balances WHERE component_id = NEW.id ORDER BY location_id FOR UPDATE;
  PERFORM 1 FROM components WHERE id = NEW.id FOR UPDATE;
  RETURN NEW;
END
$$;
