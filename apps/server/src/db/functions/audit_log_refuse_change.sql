-- The audit log is append-only: an entry, once written, is never changed or removed by the application, and an
-- accidental statement is refused too (the table's owner can still drop the triggers: this guards against mistakes,
-- not against the database's administrator). Its triggers run this before UPDATE, DELETE and TRUNCATE.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'restrict_violation';
END
$$;
