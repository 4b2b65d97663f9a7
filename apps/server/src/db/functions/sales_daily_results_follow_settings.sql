-- The sales settings decide the day a lead counts on (the time zone) and whether it counts at all (the included
-- pipelines): a change of either rebuilds the read model in the same transaction, so no reader sees a mix.
CREATE OR REPLACE FUNCTION sales_daily_results_follow_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_daily_results_rebuild();
  RETURN NULL;
END
$$;
