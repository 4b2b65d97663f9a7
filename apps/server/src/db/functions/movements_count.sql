-- The ledger's count per department (ADR 0016), in the stock summary's slot of the movement's component:
-- the slot a posting already takes at commit for its balance (stock_balances_summarise), so counting adds no lock and no order
-- of locks that postings did not have. Deferred to commit like the balances' trigger. Movements are never
-- updated or deleted (movements_refuse_change), so an insert is the only change to count.
CREATE OR REPLACE FUNCTION movements_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_summary AS s (department_id, slot, movements)
  VALUES (NEW.department_id, stock_summary_slot(NEW.component_id), 1)
  ON CONFLICT (department_id, slot) DO UPDATE SET movements = s.movements + 1;
  RETURN NULL;
END
$$;
