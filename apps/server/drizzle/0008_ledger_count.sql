-- Postings insert their movement first and take their stock summary slot at commit: this migration locks
-- the two tables in that order too (ADR 0016). From here until it commits no movement can be inserted, so
-- the trigger below counts every movement after the backfill and the backfill every one before it.
LOCK TABLE "movements" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "stock_summary" ADD COLUMN "movements" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The ledger's count per department (ADR 0016), in the stock summary's slot of the movement's component:
-- the slot a posting already takes at commit for its balance (0003), so counting adds no lock and no order
-- of locks that postings did not have. Deferred to commit like the balances' trigger. Movements are never
-- updated or deleted (0001), so an insert is the only change to count.
CREATE FUNCTION movements_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_summary AS s (department_id, slot, movements)
  VALUES (NEW.department_id, stock_summary_slot(NEW.component_id), 1)
  ON CONFLICT (department_id, slot) DO UPDATE SET movements = s.movements + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER movements_summary
  AFTER INSERT ON "movements"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION movements_count();--> statement-breakpoint
-- The movements already recorded.
INSERT INTO stock_summary AS s (department_id, slot, movements)
SELECT department_id, stock_summary_slot(component_id), count(*) FROM movements GROUP BY 1, 2
ON CONFLICT (department_id, slot) DO UPDATE SET movements = excluded.movements;
