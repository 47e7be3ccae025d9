-- How many orders each market holds per status and names (customer, MSO owner, sales person: the order list's
-- search text after the reference), kept by the writes as order_status_counts is (0024, the same change rows and
-- folds), so that the order list counts a search by summing the few hundred names it matches instead of reading
-- every order holding a common piece of a name (issue 16 item 3).
CREATE TABLE "order_search_counts" (
	"market_id" integer NOT NULL,
	"status" text NOT NULL,
	"names" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_search_counts_market_id_status_index" ON "order_search_counts" USING btree ("market_id","status");--> statement-breakpoint
CREATE INDEX "orders_odd_reference_idx" ON "orders" USING btree ("market_id") WHERE reference_id !~ '^[A-Za-z0-9-]*[0-9]$';--> statement-breakpoint
-- The text as ORDER_NAMES_TEXT of schema.ts writes it.
CREATE FUNCTION order_names_text(customer_name text, mso_owner_name text, sales_person_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(customer_name || ' ' || coalesce(mso_owner_name, '') || ' ' || coalesce(sales_person_name, '')) $$;--> statement-breakpoint
CREATE FUNCTION keep_order_search_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_search_counts (market_id, status, names, n)
      SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), count(*) FROM added GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_search_counts (market_id, status, names, n)
      SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), -count(*) FROM removed GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates of an order leave its status and names alone (totals, dates, version): those write nothing.
    IF EXISTS (SELECT 1 FROM removed r JOIN added a USING (id)
               WHERE (r.market_id, r.status, r.customer_name, r.mso_owner_name, r.sales_person_name)
                     IS DISTINCT FROM (a.market_id, a.status, a.customer_name, a.mso_owner_name, a.sales_person_name)) THEN
      INSERT INTO order_search_counts (market_id, status, names, n)
        SELECT market_id, status, names, sum(n) FROM (
          SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name) AS names, -1 AS n FROM removed
          UNION ALL
          SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), 1 FROM added) c
        GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
    END IF;
  ELSE
    DELETE FROM order_search_counts;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_search_count_added AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_order_search_counts();--> statement-breakpoint
CREATE TRIGGER orders_search_count_moved AFTER UPDATE ON orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_order_search_counts();--> statement-breakpoint
CREATE TRIGGER orders_search_count_removed AFTER DELETE ON orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_order_search_counts();--> statement-breakpoint
CREATE TRIGGER orders_search_count_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION keep_order_search_counts();--> statement-breakpoint
-- A bulk load with triggers off (the large seed) rebuilds the kept totals with this afterwards.
CREATE OR REPLACE FUNCTION rebuild_status_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_status_counts;
  INSERT INTO order_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM orders GROUP BY 1, 2;
  DELETE FROM picklist_status_counts;
  INSERT INTO picklist_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM picklists GROUP BY 1, 2;
  DELETE FROM order_search_counts;
  INSERT INTO order_search_counts (market_id, status, names, n)
    SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), count(*) FROM orders GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
INSERT INTO order_search_counts (market_id, status, names, n)
  SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), count(*) FROM orders GROUP BY 1, 2, 3;
