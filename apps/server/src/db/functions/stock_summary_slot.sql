-- The stock summary (ADR 0011) is kept by triggers, so postings, imports, the demo seed and cost edits all
-- keep it right without knowing of it. A component's slot: the last byte of its (random) id, mod 16.
CREATE OR REPLACE FUNCTION stock_summary_slot(component_id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (get_byte(uuid_send(component_id), 15) % 16)::smallint
$$;
