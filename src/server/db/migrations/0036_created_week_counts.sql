CREATE TABLE "order_week_counts" (
	"market_id" integer NOT NULL,
	"status" text NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picklist_week_counts" (
	"market_id" integer NOT NULL,
	"status" text NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_week_counts_market_id_status_index" ON "order_week_counts" USING btree ("market_id","status");--> statement-breakpoint
CREATE INDEX "picklist_week_counts_market_id_status_index" ON "picklist_week_counts" USING btree ("market_id","status");--> statement-breakpoint
-- How many orders and picklists each market holds per status and UTC week of creation, kept by the writes as 0024
-- keeps them per status (change rows, folded by db/kept-counts.ts). A deep page sorted by creation sums these to
-- find the week its first row falls in, and reads from there: it skips the rows of that week before it (a few
-- hundred on the large data set) instead of every row before it (60,000 for the order list's middle page).
-- Weeks, not days: a market's two years are ~100 weeks per status to sum, and a week's orders ~1,200 to skip.
CREATE FUNCTION created_week(created_at timestamptz) RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT date_trunc('week', created_at, 'UTC') $$;--> statement-breakpoint
-- One function for both tables: TG_ARGV[0] names the counts table. An update's net change is summed straight from
-- its two transition tables, one hashed pass over each (0031 says why not a join of them); one that changes no
-- market, status or week of creation (most: totals, dates, picks, version) nets to no row and writes nothing.
CREATE FUNCTION keep_week_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I (market_id, status, week, n) SELECT market_id, status, created_week(created_at), count(*) FROM added GROUP BY 1, 2, 3', TG_ARGV[0]);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO %I (market_id, status, week, n) SELECT market_id, status, created_week(created_at), -count(*) FROM removed GROUP BY 1, 2, 3', TG_ARGV[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format(
      'INSERT INTO %I (market_id, status, week, n)
       SELECT market_id, status, week, sum(n) FROM (
         SELECT market_id, status, created_week(created_at) AS week, -1 AS n FROM removed
         UNION ALL
         SELECT market_id, status, created_week(created_at), 1 FROM added) c
       GROUP BY 1, 2, 3 HAVING sum(n) <> 0',
      TG_ARGV[0]);
  ELSE
    EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_week_count_added AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('order_week_counts');--> statement-breakpoint
CREATE TRIGGER orders_week_count_moved AFTER UPDATE ON orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('order_week_counts');--> statement-breakpoint
CREATE TRIGGER orders_week_count_removed AFTER DELETE ON orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('order_week_counts');--> statement-breakpoint
CREATE TRIGGER orders_week_count_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('order_week_counts');--> statement-breakpoint
CREATE TRIGGER picklists_week_count_added AFTER INSERT ON picklists REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('picklist_week_counts');--> statement-breakpoint
CREATE TRIGGER picklists_week_count_moved AFTER UPDATE ON picklists REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('picklist_week_counts');--> statement-breakpoint
CREATE TRIGGER picklists_week_count_removed AFTER DELETE ON picklists REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('picklist_week_counts');--> statement-breakpoint
CREATE TRIGGER picklists_week_count_truncated AFTER TRUNCATE ON picklists
  FOR EACH STATEMENT EXECUTE FUNCTION keep_week_counts('picklist_week_counts');--> statement-breakpoint
-- A bulk load with triggers off (the large seed) rebuilds the kept totals with this afterwards.
CREATE OR REPLACE FUNCTION rebuild_status_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_status_counts;
  INSERT INTO order_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM orders GROUP BY 1, 2;
  DELETE FROM picklist_status_counts;
  INSERT INTO picklist_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM picklists GROUP BY 1, 2;
  DELETE FROM order_week_counts;
  INSERT INTO order_week_counts (market_id, status, week, n) SELECT market_id, status, created_week(created_at), count(*) FROM orders GROUP BY 1, 2, 3;
  DELETE FROM picklist_week_counts;
  INSERT INTO picklist_week_counts (market_id, status, week, n) SELECT market_id, status, created_week(created_at), count(*) FROM picklists GROUP BY 1, 2, 3;
  DELETE FROM order_search_counts;
  INSERT INTO order_search_counts (market_id, status, names, n)
    SELECT market_id, status, order_names_text(customer_name, mso_owner_name, sales_person_name), count(*) FROM orders GROUP BY 1, 2, 3;
  DELETE FROM picklist_search_counts;
  INSERT INTO picklist_search_counts (market_id, status, names, n)
    SELECT market_id, status, picklist_names_text(customer_name, location_name), count(*) FROM picklists GROUP BY 1, 2, 3;
  DELETE FROM batch_search_counts;
  INSERT INTO batch_search_counts (market_id, product_id, names, availability, n)
    SELECT market_id, product_id, lower(s2s_product_name), batch_availability(active_units, reserved_units, case_size), count(*)
    FROM batches WHERE status = 'active' AND lab_status = 'passed' GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
INSERT INTO order_week_counts (market_id, status, week, n) SELECT market_id, status, created_week(created_at), count(*) FROM orders GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO picklist_week_counts (market_id, status, week, n) SELECT market_id, status, created_week(created_at), count(*) FROM picklists GROUP BY 1, 2, 3;
