-- A statement that changed what every department's sales screens show beside the leads' results (plans, calls and
-- messages, people and their departments, bonus schemes, closed months, the currency, a sync's start and outcome)
-- counts once for all of them (ADR 0033). Such writes are rare, or come with a sync that changes results anyway.
CREATE OR REPLACE FUNCTION sales_figures_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_figures_changed(NULL);
  RETURN NULL;
END
$$;
