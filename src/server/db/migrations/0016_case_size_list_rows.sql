ALTER TABLE "products" ADD COLUMN "case_size_row" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "case_size_search" text;--> statement-breakpoint
CREATE INDEX "products_case_size_search_trgm_idx" ON "products" USING gin ("case_size_search" gin_trgm_ops);--> statement-breakpoint
-- A product's row of the standard case sizes list, as POST /api/products/case-sizes sends it: its S2S name (the
-- first by id) apart from its other S2S names and aliases, its taxonomy's names and its five slots.
CREATE FUNCTION product_case_size_row(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_json(d)::text FROM (SELECT
    p.id AS "productId",
    p.name AS "productName",
    names.list[names.s2s] AS "s2sItemName",
    coalesce(array_to_json(CASE WHEN names.s2s IS NULL THEN names.list ELSE names.list[:names.s2s - 1] || names.list[names.s2s + 1:] END), '[]'::json) AS "aliasNames",
    (SELECT c.name FROM categories c WHERE c.id = p.category_id) AS "categoryName",
    (SELECT sc.name FROM subcategories sc WHERE sc.id = p.subcategory_id) AS "subcategoryName",
    (SELECT b.name FROM brands b WHERE b.id = p.brand_id) AS "brandName",
    slots.s1 AS case_sizes_1, slots.s2 AS case_sizes_2, slots.s3 AS case_sizes_3, slots.s4 AS case_sizes_4, slots.s5 AS case_sizes_5
    FROM (SELECT array_agg(n.name ORDER BY n.id) AS list, array_position(array_agg(n.name_type ORDER BY n.id), 's2s') AS s2s
            FROM product_names n WHERE n.product_id = p.id AND n.name_type IN ('s2s', 'alias')) names,
         (SELECT max(s.case_size) FILTER (WHERE s.case_index = 1) AS s1, max(s.case_size) FILTER (WHERE s.case_index = 2) AS s2,
                 max(s.case_size) FILTER (WHERE s.case_index = 3) AS s3, max(s.case_size) FILTER (WHERE s.case_index = 4) AS s4,
                 max(s.case_size) FILTER (WHERE s.case_index = 5) AS s5
            FROM product_case_sizes s WHERE s.product_id = p.id) slots
  ) d
$$;--> statement-breakpoint
-- What that list's search matches, lower-cased: the ERP name, the taxonomy's names, the S2S names and aliases, each
-- apart from the next (a unit separator, so that a search never matches across two names).
CREATE FUNCTION product_case_size_search(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\x1f', p.name,
    (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    (SELECT sc.name FROM subcategories sc WHERE sc.id = p.subcategory_id),
    (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
    (SELECT string_agg(n.name, E'\x1f' ORDER BY n.id) FROM product_names n WHERE n.product_id = p.id AND n.name_type IN ('s2s', 'alias'))))
$$;--> statement-breakpoint
CREATE FUNCTION products_keep_case_size_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.case_size_row := product_case_size_row(NEW);
  NEW.case_size_search := product_case_size_search(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Setting case_size_row (to anything) has it written again: what the triggers below do when a product's names,
-- slots or taxonomy change.
CREATE TRIGGER products_case_size_row BEFORE INSERT OR UPDATE OF name, category_id, subcategory_id, brand_id, case_size_row ON products
  FOR EACH ROW EXECUTE FUNCTION products_keep_case_size_row();--> statement-breakpoint
CREATE FUNCTION products_case_size_row_of_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET case_size_row = NULL WHERE id IN (SELECT product_id FROM changed_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update may move a row to another product: both are written again, each once.
CREATE FUNCTION products_case_size_row_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET case_size_row = NULL WHERE id IN (SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_names_inserted AFTER INSERT ON product_names REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_case_size_row_of_changed();--> statement-breakpoint
CREATE TRIGGER product_names_updated AFTER UPDATE ON product_names REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_case_size_row_of_updated();--> statement-breakpoint
CREATE TRIGGER product_names_deleted AFTER DELETE ON product_names REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_case_size_row_of_changed();--> statement-breakpoint
CREATE TRIGGER product_case_sizes_inserted AFTER INSERT ON product_case_sizes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_case_size_row_of_changed();--> statement-breakpoint
CREATE TRIGGER product_case_sizes_updated AFTER UPDATE ON product_case_sizes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_case_size_row_of_updated();--> statement-breakpoint
CREATE TRIGGER product_case_sizes_deleted AFTER DELETE ON product_case_sizes REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_case_size_row_of_changed();--> statement-breakpoint
CREATE FUNCTION products_case_size_row_of_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE products SET case_size_row = NULL WHERE category_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'subcategories' THEN
    UPDATE products SET case_size_row = NULL WHERE subcategory_id = NEW.id;
  ELSE
    UPDATE products SET case_size_row = NULL WHERE brand_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_renamed AFTER UPDATE OF name ON categories FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION products_case_size_row_of_renamed();--> statement-breakpoint
CREATE TRIGGER subcategories_renamed AFTER UPDATE OF name ON subcategories FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION products_case_size_row_of_renamed();--> statement-breakpoint
CREATE TRIGGER brands_renamed AFTER UPDATE OF name ON brands FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION products_case_size_row_of_renamed();--> statement-breakpoint
UPDATE products SET case_size_row = NULL;
