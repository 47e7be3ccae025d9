ALTER TABLE "products" ADD COLUMN "case_size_slots" integer[];--> statement-breakpoint
-- The five slots' sizes of a product in slot order, null where a slot is empty.
CREATE FUNCTION product_case_size_slots(p products) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY[max(s.case_size) FILTER (WHERE s.case_index = 1), max(s.case_size) FILTER (WHERE s.case_index = 2),
               max(s.case_size) FILTER (WHERE s.case_index = 3), max(s.case_size) FILTER (WHERE s.case_index = 4),
               max(s.case_size) FILTER (WHERE s.case_index = 5)]
  FROM product_case_sizes s WHERE s.product_id = p.id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_keep_case_size_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.case_size_row := product_case_size_row(NEW);
  NEW.case_size_search := product_case_size_search(NEW);
  NEW.case_size_slots := product_case_size_slots(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE products SET case_size_row = NULL;
