CREATE TABLE "batch_free_stock" (
	"batch_id" integer PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"batch_number" text NOT NULL,
	"expiry_date" date,
	"case_size" integer NOT NULL,
	"free_units" integer NOT NULL,
	"free_cases" integer NOT NULL,
	"standard_case_size" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "batch_free_stock_cases_idx" ON "batch_free_stock" USING btree ("market_id","free_cases","batch_id","expiry_date","product_id","free_units","batch_number");--> statement-breakpoint
CREATE INDEX "batch_free_stock_units_idx" ON "batch_free_stock" USING btree ("market_id","free_units","batch_id","expiry_date","product_id","batch_number");--> statement-breakpoint
CREATE INDEX "batch_free_stock_case_size_idx" ON "batch_free_stock" USING btree ("market_id","case_size","batch_id","expiry_date","product_id","free_units","batch_number");--> statement-breakpoint
CREATE INDEX "batch_free_stock_standard_idx" ON "batch_free_stock" USING btree ("market_id","standard_case_size","batch_id","expiry_date","product_id","free_units","batch_number");--> statement-breakpoint
CREATE INDEX "batch_free_stock_product_id_index" ON "batch_free_stock" USING btree ("product_id");--> statement-breakpoint
-- Whole cases free, as the lists show them: none when the free units are short of a case or negative.
CREATE FUNCTION batch_free_cases(active_units integer, reserved_units integer, case_size integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT greatest(0, (active_units - reserved_units) / case_size) $$;--> statement-breakpoint
-- The external menu's Standard Case Size of a batch: its product's first standard case size, else its own.
CREATE FUNCTION batch_standard_case_size(product_id integer, case_size integer) RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT pcs.case_size FROM product_case_sizes pcs WHERE pcs.product_id = $1 AND pcs.case_index = 1), $2) $$;--> statement-breakpoint
-- Kept by statement triggers over the transition tables (as batch_search_counts is, migration 0032): one pass per
-- statement, and an update that changes none of the kept columns (a colour, terpenes) writes nothing. A batch is kept
-- while it is active, lab-passed and of a product of its own market: the batches the lists may show.
CREATE FUNCTION keep_batch_free_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO batch_free_stock (batch_id, market_id, product_id, batch_number, expiry_date, case_size, free_units, free_cases, standard_case_size)
      SELECT a.id, a.market_id, a.product_id, a.batch_number, a.expiry_date, a.case_size, a.active_units - a.reserved_units,
             batch_free_cases(a.active_units, a.reserved_units, a.case_size), batch_standard_case_size(a.product_id, a.case_size)
      FROM added a JOIN products p ON p.id = a.product_id AND p.market_id = a.market_id
      WHERE a.status = 'active' AND a.lab_status = 'passed';
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM batch_free_stock f USING removed r WHERE f.batch_id = r.id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The rows of batches gone from the lists (or whose id changed: the old id is gone).
    DELETE FROM batch_free_stock f USING removed r
      WHERE f.batch_id = r.id
        AND NOT EXISTS (SELECT 1 FROM added a JOIN products p ON p.id = a.product_id AND p.market_id = a.market_id
                        WHERE a.id = r.id AND a.status = 'active' AND a.lab_status = 'passed');
    -- The rows of batches in the lists whose kept columns changed, or that joined them.
    INSERT INTO batch_free_stock AS f (batch_id, market_id, product_id, batch_number, expiry_date, case_size, free_units, free_cases, standard_case_size)
      SELECT a.id, a.market_id, a.product_id, a.batch_number, a.expiry_date, a.case_size, a.active_units - a.reserved_units,
             batch_free_cases(a.active_units, a.reserved_units, a.case_size), batch_standard_case_size(a.product_id, a.case_size)
      FROM added a JOIN products p ON p.id = a.product_id AND p.market_id = a.market_id
      LEFT JOIN removed r ON r.id = a.id
      WHERE a.status = 'active' AND a.lab_status = 'passed'
        AND (r.id IS NULL
             OR (r.status, r.lab_status, r.market_id, r.product_id, r.batch_number, r.expiry_date, r.case_size, r.active_units, r.reserved_units)
                IS DISTINCT FROM ('active', 'passed', a.market_id, a.product_id, a.batch_number, a.expiry_date, a.case_size, a.active_units, a.reserved_units))
      ON CONFLICT (batch_id) DO UPDATE SET market_id = excluded.market_id, product_id = excluded.product_id, batch_number = excluded.batch_number,
        expiry_date = excluded.expiry_date, case_size = excluded.case_size, free_units = excluded.free_units, free_cases = excluded.free_cases,
        -- Kept as the row holds it when neither the product nor the case size moved: the upsert waits for a concurrent
        -- change of the product's case sizes and then sees that change's row, while `excluded` was read before it
        -- (tests/integration/postgres/free-stock-race.test.ts).
        standard_case_size = CASE WHEN f.product_id = excluded.product_id AND f.case_size = excluded.case_size
                                  THEN f.standard_case_size ELSE excluded.standard_case_size END;
  ELSE
    DELETE FROM batch_free_stock;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER batches_free_stock_added AFTER INSERT ON batches REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_free_stock();--> statement-breakpoint
CREATE TRIGGER batches_free_stock_moved AFTER UPDATE ON batches REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_free_stock();--> statement-breakpoint
CREATE TRIGGER batches_free_stock_removed AFTER DELETE ON batches REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_free_stock();--> statement-breakpoint
CREATE TRIGGER batches_free_stock_truncated AFTER TRUNCATE ON batches
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_free_stock();--> statement-breakpoint
-- A product's standard case sizes changed: its batches' Standard Case Size follows.
CREATE FUNCTION keep_batch_standard_case_size() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE batch_free_stock SET standard_case_size = case_size WHERE standard_case_size <> case_size;
  ELSE
    UPDATE batch_free_stock f SET standard_case_size = batch_standard_case_size(f.product_id, f.case_size)
      WHERE f.product_id IN (SELECT product_id FROM changed)
        AND f.standard_case_size <> batch_standard_case_size(f.product_id, f.case_size);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_case_sizes_free_stock_added AFTER INSERT ON product_case_sizes REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_standard_case_size();--> statement-breakpoint
-- An update's old rows are enough: a case size row does not change product (its key) in the app, and if an operator
-- moves one, the new product's rows are read by the statement below from the new rows.
CREATE TRIGGER product_case_sizes_free_stock_moved_from AFTER UPDATE ON product_case_sizes REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_standard_case_size();--> statement-breakpoint
CREATE TRIGGER product_case_sizes_free_stock_moved_to AFTER UPDATE ON product_case_sizes REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_standard_case_size();--> statement-breakpoint
CREATE TRIGGER product_case_sizes_free_stock_removed AFTER DELETE ON product_case_sizes REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_standard_case_size();--> statement-breakpoint
CREATE TRIGGER product_case_sizes_free_stock_truncated AFTER TRUNCATE ON product_case_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION keep_batch_standard_case_size();--> statement-breakpoint
-- A product moved to another market (the app never does it; an operator might) takes its batches in or out.
CREATE FUNCTION keep_batch_free_stock_of_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM batch_free_stock WHERE product_id = NEW.id;
  INSERT INTO batch_free_stock (batch_id, market_id, product_id, batch_number, expiry_date, case_size, free_units, free_cases, standard_case_size)
    SELECT b.id, b.market_id, b.product_id, b.batch_number, b.expiry_date, b.case_size, b.active_units - b.reserved_units,
           batch_free_cases(b.active_units, b.reserved_units, b.case_size), batch_standard_case_size(b.product_id, b.case_size)
    FROM batches b WHERE b.product_id = NEW.id AND b.market_id = NEW.market_id AND b.status = 'active' AND b.lab_status = 'passed';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_free_stock_market AFTER UPDATE OF market_id ON products
  FOR EACH ROW WHEN (OLD.market_id IS DISTINCT FROM NEW.market_id) EXECUTE FUNCTION keep_batch_free_stock_of_product();--> statement-breakpoint
-- What a bulk load with the triggers off (the large seed) runs afterwards, and this migration now.
CREATE FUNCTION rebuild_batch_free_stock() RETURNS void LANGUAGE sql AS $$
  DELETE FROM batch_free_stock;
  INSERT INTO batch_free_stock (batch_id, market_id, product_id, batch_number, expiry_date, case_size, free_units, free_cases, standard_case_size)
    SELECT b.id, b.market_id, b.product_id, b.batch_number, b.expiry_date, b.case_size, b.active_units - b.reserved_units,
           batch_free_cases(b.active_units, b.reserved_units, b.case_size), coalesce(pcs.case_size, b.case_size)
    FROM batches b JOIN products p ON p.id = b.product_id AND p.market_id = b.market_id
    LEFT JOIN product_case_sizes pcs ON pcs.product_id = b.product_id AND pcs.case_index = 1
    WHERE b.status = 'active' AND b.lab_status = 'passed';
$$;--> statement-breakpoint
SELECT rebuild_batch_free_stock();
