-- How many picklists each market holds per status and names (dispensary, warehouse), kept by the writes as 0029 keeps
-- them for orders: a register search's total is their sum over the names it matches plus the picklists whose
-- references alone match (a trigram index of the two references, and a partial index of the odd ones).
CREATE TABLE "picklist_search_counts" (
	"market_id" integer NOT NULL,
	"status" text NOT NULL,
	"names" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "picklist_search_counts_market_id_status_index" ON "picklist_search_counts" USING btree ("market_id","status");--> statement-breakpoint
CREATE INDEX "picklists_references_trgm_idx" ON "picklists" USING gin ("market_id",lower(reference_id || chr(31) || order_reference) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "picklists_odd_references_idx" ON "picklists" USING btree ("market_id") WHERE (reference_id || order_reference) !~ '^[A-Za-z0-9-]*$';--> statement-breakpoint
-- The text as PICKLIST_NAMES_TEXT of schema.ts writes it: the search text's names, with its separator.
CREATE FUNCTION picklist_names_text(customer_name text, location_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(customer_name || chr(31) || location_name) $$;--> statement-breakpoint
CREATE FUNCTION keep_picklist_search_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO picklist_search_counts (market_id, status, names, n)
      SELECT market_id, status, picklist_names_text(customer_name, location_name), count(*) FROM added GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO picklist_search_counts (market_id, status, names, n)
      SELECT market_id, status, picklist_names_text(customer_name, location_name), -count(*) FROM removed GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates of a picklist leave its status and names alone (picks, totals, version): those write nothing.
    IF EXISTS (SELECT 1 FROM removed r JOIN added a USING (id)
               WHERE (r.market_id, r.status, r.customer_name, r.location_name) IS DISTINCT FROM (a.market_id, a.status, a.customer_name, a.location_name)) THEN
      INSERT INTO picklist_search_counts (market_id, status, names, n)
        SELECT market_id, status, names, sum(n) FROM (
          SELECT market_id, status, picklist_names_text(customer_name, location_name) AS names, -1 AS n FROM removed
          UNION ALL
          SELECT market_id, status, picklist_names_text(customer_name, location_name), 1 FROM added) c
        GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
    END IF;
  ELSE
    DELETE FROM picklist_search_counts;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER picklists_search_count_added AFTER INSERT ON picklists REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_picklist_search_counts();--> statement-breakpoint
CREATE TRIGGER picklists_search_count_moved AFTER UPDATE ON picklists REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_picklist_search_counts();--> statement-breakpoint
CREATE TRIGGER picklists_search_count_removed AFTER DELETE ON picklists REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_picklist_search_counts();--> statement-breakpoint
CREATE TRIGGER picklists_search_count_truncated AFTER TRUNCATE ON picklists
  FOR EACH STATEMENT EXECUTE FUNCTION keep_picklist_search_counts();--> statement-breakpoint
-- A bulk load with triggers off (the large seed) rebuilds the kept totals with this afterwards.
CREATE OR REPLACE FUNCTION rebuild_status_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_status_counts;
  INSERT INTO order_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM orders GROUP BY 1, 2;
  DELETE FROM picklist_status_counts;
  INSERT INTO picklist_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM picklists GROUP BY 1, 2;
  DELETE FROM order_search_counts;
  INSERT INTO order_search_counts (market_id, status, names, n)
    SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), count(*) FROM orders GROUP BY 1, 2, 3;
  DELETE FROM picklist_search_counts;
  INSERT INTO picklist_search_counts (market_id, status, names, n)
    SELECT market_id, status, picklist_names_text(customer_name, location_name), count(*) FROM picklists GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
INSERT INTO picklist_search_counts (market_id, status, names, n)
  SELECT market_id, status, picklist_names_text(customer_name, location_name), count(*) FROM picklists GROUP BY 1, 2, 3;
