-- How many orders and picklists each market holds in each status, kept by the writes: the lists' unsearched
-- totals are read from here instead of counting a market's 100,000+ rows on every page (issue 16 item 3).
-- Each statement that adds, removes or moves rows between statuses adds one row per (market, status) it
-- changed, with the change; db/kept-counts.ts folds them into one row per (market, status) from time to time.
-- Change rows rather than one counter per status: a counter would stay locked by every order written in the
-- market until its transaction ended, so concurrent order creates would queue behind each other, and two
-- transactions moving orders between statuses in opposite orders would deadlock. Triggers rather than the
-- services: every write counts, the seed's, a cascade's and an operator's SQL included.
CREATE TABLE "order_status_counts" (
	"market_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picklist_status_counts" (
	"market_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_status_counts_market_id_status_index" ON "order_status_counts" USING btree ("market_id","status");--> statement-breakpoint
CREATE INDEX "picklist_status_counts_market_id_status_index" ON "picklist_status_counts" USING btree ("market_id","status");--> statement-breakpoint
-- One function for both tables: TG_ARGV[0] names the counts table. A statement's rows are in its transition
-- tables (added, removed); an update that changes no market or status adds nothing.
CREATE FUNCTION keep_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I (market_id, status, n) SELECT market_id, status, count(*) FROM added GROUP BY 1, 2', TG_ARGV[0]);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO %I (market_id, status, n) SELECT market_id, status, -count(*) FROM removed GROUP BY 1, 2', TG_ARGV[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates of an order leave its status alone (totals, dates, version): those write nothing.
    IF EXISTS (SELECT 1 FROM removed r JOIN added a USING (id) WHERE (r.market_id, r.status) IS DISTINCT FROM (a.market_id, a.status)) THEN
      EXECUTE format(
        'INSERT INTO %I (market_id, status, n)
         SELECT market_id, status, sum(n) FROM (SELECT market_id, status, -1 AS n FROM removed UNION ALL SELECT market_id, status, 1 FROM added) c
         GROUP BY 1, 2 HAVING sum(n) <> 0',
        TG_ARGV[0]);
    END IF;
  ELSE
    EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_count_added AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('order_status_counts');--> statement-breakpoint
CREATE TRIGGER orders_count_moved AFTER UPDATE ON orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('order_status_counts');--> statement-breakpoint
CREATE TRIGGER orders_count_removed AFTER DELETE ON orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('order_status_counts');--> statement-breakpoint
CREATE TRIGGER orders_count_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('order_status_counts');--> statement-breakpoint
CREATE TRIGGER picklists_count_added AFTER INSERT ON picklists REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('picklist_status_counts');--> statement-breakpoint
CREATE TRIGGER picklists_count_moved AFTER UPDATE ON picklists REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('picklist_status_counts');--> statement-breakpoint
CREATE TRIGGER picklists_count_removed AFTER DELETE ON picklists REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('picklist_status_counts');--> statement-breakpoint
CREATE TRIGGER picklists_count_truncated AFTER TRUNCATE ON picklists
  FOR EACH STATEMENT EXECUTE FUNCTION keep_status_counts('picklist_status_counts');--> statement-breakpoint
INSERT INTO order_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM orders GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO picklist_status_counts (market_id, status, n) SELECT market_id, status, count(*) FROM picklists GROUP BY 1, 2;
