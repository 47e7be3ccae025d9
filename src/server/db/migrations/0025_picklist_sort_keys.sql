-- The picklist register sorts by its order's reference, dispensary and delivery date, its warehouse's name and its
-- items' totals: joined from four tables, each such sort read and sorted every picklist of the market (0.8-2 s at 32
-- connections on the large data set, the item totals over 5 s). These keys are kept on the picklist by triggers, so
-- that each sort reads one index of picklists (issue 16 item 1). Triggers rather than the services: a rename of a
-- dispensary or warehouse, a changed delivery date and every pick change them, whoever makes the change.
ALTER TABLE "picklists" ADD COLUMN "order_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "location_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "requested_delivery_date" date;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "total_cases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "percentage_completion" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The status counts' trigger (migration 0024) checked whether an update moved anything by joining the statement's old
-- rows to its new ones: with no statistics on transition tables, that join was planned as a nested loop, quadratic in
-- the rows one statement updates (this migration's update of every picklist ran for minutes). The sums alone tell it:
-- an update that moves nothing adds rows that sum to zero, which are left out.
CREATE OR REPLACE FUNCTION keep_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I (market_id, status, n) SELECT market_id, status, count(*) FROM added GROUP BY 1, 2', TG_ARGV[0]);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO %I (market_id, status, n) SELECT market_id, status, -count(*) FROM removed GROUP BY 1, 2', TG_ARGV[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format(
      'INSERT INTO %I (market_id, status, n)
       SELECT market_id, status, sum(n) FROM (SELECT market_id, status, -1 AS n FROM removed UNION ALL SELECT market_id, status, 1 FROM added) c
       GROUP BY 1, 2 HAVING sum(n) <> 0',
      TG_ARGV[0]);
  ELSE
    EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A picklist's item totals as the register shows them (picklists.repository.ts, TOTALS): cases ordered, and the
-- share of items picked (an item with a pick status and at least one case picked).
CREATE FUNCTION refresh_picklist_totals(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE picklists p SET total_cases = t.total_cases, percentage_completion = t.percentage_completion
    FROM (SELECT x.id, coalesce(sum(i.no_of_case_ordered), 0)::int AS total_cases,
                 CASE WHEN count(i.id) = 0 THEN 0
                      ELSE round(100.0 * count(i.id) FILTER (WHERE i.pick_status IS NOT NULL AND i.no_of_case_picked > 0) / count(i.id))::int END AS percentage_completion
            FROM unnest(ids) x(id) LEFT JOIN picklist_items i ON i.picklist_id = x.id
           GROUP BY x.id) t
   WHERE p.id = t.id AND (p.total_cases, p.percentage_completion) IS DISTINCT FROM (t.total_cases, t.percentage_completion)
$$;--> statement-breakpoint
-- Every picklist's keys and totals at once, from their tables: for this migration, and for a bulk load that skipped the
-- triggers (the large data set's, demo-data/large-scale.ts). Set-based: one pass over the items, not one per picklist.
CREATE FUNCTION rebuild_picklist_sort_keys() RETURNS void LANGUAGE sql AS $$
  UPDATE picklists p SET order_reference = o.reference_id, customer_name = c.name, requested_delivery_date = o.requested_delivery_date, location_name = l.display_name
    FROM orders o JOIN customers c ON c.id = o.customer_id, inventory_locations l
   WHERE o.id = p.order_id AND l.id = p.location_id
     AND (p.order_reference, p.customer_name, p.requested_delivery_date, p.location_name) IS DISTINCT FROM (o.reference_id, c.name, o.requested_delivery_date, l.display_name);
  UPDATE picklists p SET total_cases = coalesce(t.total_cases, 0), percentage_completion = coalesce(t.percentage_completion, 0)
    FROM picklists q LEFT JOIN (
           SELECT i.picklist_id, sum(i.no_of_case_ordered)::int AS total_cases,
                  round(100.0 * count(*) FILTER (WHERE i.pick_status IS NOT NULL AND i.no_of_case_picked > 0) / count(*))::int AS percentage_completion
             FROM picklist_items i GROUP BY i.picklist_id) t ON t.picklist_id = q.id
   WHERE p.id = q.id AND (p.total_cases, p.percentage_completion) IS DISTINCT FROM (coalesce(t.total_cases, 0), coalesce(t.percentage_completion, 0));
$$;--> statement-breakpoint
-- The status counts of migration 0024 from the rows themselves, for the same bulk load.
CREATE FUNCTION rebuild_status_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_status_counts;
  INSERT INTO order_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM orders GROUP BY 1, 2;
  DELETE FROM picklist_status_counts;
  INSERT INTO picklist_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM picklists GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT rebuild_picklist_sort_keys();--> statement-breakpoint
CREATE INDEX "picklists_market_order_reference_idx" ON "picklists" USING btree ("market_id","order_reference" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_customer_idx" ON "picklists" USING btree ("market_id","customer_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_location_idx" ON "picklists" USING btree ("market_id","location_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_total_cases_idx" ON "picklists" USING btree ("market_id","total_cases" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_completion_idx" ON "picklists" USING btree ("market_id","percentage_completion" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_delivery_desc_idx" ON "picklists" USING btree ("market_id","requested_delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_delivery_asc_idx" ON "picklists" USING btree ("market_id","requested_delivery_date","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_location_asc_idx" ON "picklists" USING btree ("market_id","location_name","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_status_asc_idx" ON "picklists" USING btree ("market_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_total_cases_asc_idx" ON "picklists" USING btree ("market_id","total_cases","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_completion_asc_idx" ON "picklists" USING btree ("market_id","percentage_completion","id" DESC NULLS FIRST);--> statement-breakpoint
-- A new picklist, or one moved to another order or warehouse, takes the keys of its order, dispensary and warehouse.
CREATE FUNCTION picklist_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.reference_id, c.name, o.requested_delivery_date INTO NEW.order_reference, NEW.customer_name, NEW.requested_delivery_date
    FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = NEW.order_id;
  SELECT l.display_name INTO NEW.location_name FROM inventory_locations l WHERE l.id = NEW.location_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER picklists_sort_keys BEFORE INSERT OR UPDATE OF order_id, location_id ON picklists
  FOR EACH ROW EXECUTE FUNCTION picklist_sort_keys();--> statement-breakpoint
-- An order whose reference, dispensary or delivery date changed passes them to its picklists (most updates of an
-- order change none of them, and write nothing here). The statement's new rows are joined to picklists through the
-- order_id index, never to its old rows: transition tables have no statistics, and a join of the two was planned as a
-- nested loop (220,000 picklists updated in one statement ran for minutes).
CREATE FUNCTION orders_to_picklist_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE picklists p SET order_reference = a.reference_id, customer_name = c.name, requested_delivery_date = a.requested_delivery_date
    FROM added a JOIN customers c ON c.id = a.customer_id
   WHERE p.order_id = a.id
     AND (p.order_reference, p.customer_name, p.requested_delivery_date) IS DISTINCT FROM (a.reference_id, c.name, a.requested_delivery_date);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_picklist_keys AFTER UPDATE ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION orders_to_picklist_keys();--> statement-breakpoint
CREATE FUNCTION customers_to_picklist_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE picklists p SET customer_name = a.name
    FROM added a JOIN orders o ON o.market_id = a.market_id AND o.customer_id = a.id
   WHERE p.order_id = o.id AND p.customer_name IS DISTINCT FROM a.name;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_picklist_keys AFTER UPDATE ON customers REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION customers_to_picklist_keys();--> statement-breakpoint
CREATE FUNCTION locations_to_picklist_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE picklists p SET location_name = a.display_name
    FROM added a
   WHERE p.location_id = a.id AND p.location_name IS DISTINCT FROM a.display_name;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER inventory_locations_picklist_keys AFTER UPDATE ON inventory_locations REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION locations_to_picklist_keys();--> statement-breakpoint
-- Items added, picked or removed: their picklists' totals again, once per statement.
CREATE FUNCTION picklist_items_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_picklist_totals(ARRAY(SELECT DISTINCT picklist_id FROM added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_picklist_totals(ARRAY(SELECT DISTINCT picklist_id FROM removed));
  ELSE
    PERFORM refresh_picklist_totals(ARRAY(SELECT picklist_id FROM added UNION SELECT picklist_id FROM removed));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER picklist_items_totals_added AFTER INSERT ON picklist_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION picklist_items_to_totals();--> statement-breakpoint
CREATE TRIGGER picklist_items_totals_changed AFTER UPDATE ON picklist_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION picklist_items_to_totals();--> statement-breakpoint
CREATE TRIGGER picklist_items_totals_removed AFTER DELETE ON picklist_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION picklist_items_to_totals();
