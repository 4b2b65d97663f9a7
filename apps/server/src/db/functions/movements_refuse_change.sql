-- The movement ledger is append-only: mistakes are reversed by a new movement, never edited away.
CREATE OR REPLACE FUNCTION movements_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'movements are append-only' USING ERRCODE = 'restrict_violation';
END
$$;
