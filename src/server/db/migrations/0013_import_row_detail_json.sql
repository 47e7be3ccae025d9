ALTER TABLE "import_rows" ADD COLUMN "detail_json" text;--> statement-breakpoint
-- A payload value as a JSON number when it is one, or text that reads as one (detailRow's numberOrNull), else null.
-- Text is read only when it is short and within a double's range (as JavaScript's Number reads it), so that no
-- payload can make the cast, and with it the row's insert, fail.
CREATE FUNCTION import_payload_number(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text;
BEGIN
  IF jsonb_typeof(value) = 'number' THEN RETURN value; END IF;
  IF jsonb_typeof(value) IS DISTINCT FROM 'string' THEN RETURN NULL; END IF;
  t := btrim(value #>> '{}', E' \t\n\r');
  IF length(t) > 100 OR t !~ '^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]{1,3})?$' THEN RETURN NULL; END IF;
  IF abs(t::numeric) > 1.7976931348623157e308 THEN RETURN NULL; END IF;
  RETURN to_jsonb(t::numeric);
END
$$;--> statement-breakpoint
-- An import detail row in the spec's names, as the details list sends it: the JSON detailRow (import.routes.ts)
-- makes of a stored row in Node; tests/integration/import-detail-json.test.ts holds the two equal. The reason
-- labels are IMPORT_REASON_LABELS (src/shared/reason-codes.ts). Changing detailRow or the labels takes a new
-- migration: this function replaced (CREATE OR REPLACE) and every row's detail_json written again.
CREATE FUNCTION import_row_detail_json(r import_rows) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_json(d)::text FROM (SELECT
    r.id AS id,
    r.product_name AS product_name,
    r.s2s_product_name AS s2s_product_name,
    r.batch_number AS batch_id,
    coalesce(to_jsonb(r.total_quantity), import_payload_number(r.payload -> 'reportedQuantity')) AS total_quantity,
    r.location_name AS s2s_location_name,
    r.category_name AS category_name,
    r.reason_code AS reason_code,
    -- As detailRow: no label for an empty code.
    CASE WHEN r.reason_code = '' THEN NULL ELSE CASE regexp_replace(btrim(r.reason_code, E' \t\n\r'), '^RC-', '', 'i') WHEN '001' THEN 'miss_item' WHEN '002' THEN 'miss_attr' WHEN '005' THEN 'miss_test' WHEN '006' THEN 'test_failed' WHEN '007' THEN 'invalid_data' WHEN '008' THEN 'sync_error' WHEN '009' THEN 'manual_review' WHEN '010' THEN 'discontinued' WHEN '020' THEN 'new_batch' WHEN '021' THEN 'new_tag'
      ELSE regexp_replace(btrim(r.reason_code, E' \t\n\r'), '^RC-', '', 'i') END END AS metadata_label,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_ts,
    -- The three highest percentages, to 2 decimals; equal ones keep their order.
    (SELECT coalesce(json_agg((SELECT named FROM (SELECT t."terpeneName", t.percentage) named) ORDER BY t.rank), '[]'::json) FROM (
       SELECT e -> 'terpeneName' AS "terpeneName", round((e ->> 'percentage')::numeric, 2) AS percentage,
              row_number() OVER (ORDER BY (e ->> 'percentage')::numeric DESC, x.position) AS rank
       FROM jsonb_array_elements(CASE jsonb_typeof(r.payload -> 'terpenes') WHEN 'array' THEN r.payload -> 'terpenes' ELSE '[]'::jsonb END)
            WITH ORDINALITY AS x(e, position)
       WHERE jsonb_typeof(e -> 'percentage') = 'number'
       ORDER BY rank LIMIT 3) t) AS top_terpenes,
    import_payload_number(r.payload -> 'thcValue') AS thc_value,
    CASE jsonb_typeof(r.payload -> 'thcUom') WHEN 'string' THEN r.payload ->> 'thcUom' END AS thc_total_uom,
    import_payload_number(r.payload -> 'cbdValue') AS cbd_value,
    CASE jsonb_typeof(r.payload -> 'cbdUom') WHEN 'string' THEN r.payload ->> 'cbdUom' END AS cbd_total_uom,
    r.case_size AS case_size,
    CASE jsonb_typeof(r.payload -> 'standardCaseSizes') WHEN 'array' THEN r.payload -> 'standardCaseSizes' ELSE '[]'::jsonb END AS standard_case_sizes,
    r.tab = 'case_size_errors' AND coalesce(r.payload -> 'heldBack' = 'true'::jsonb, false) AS held_back,
    CASE WHEN jsonb_typeof(r.payload -> 'change') = 'string' AND r.payload ->> 'change' IN ('new_batch', 'new_tag', 'quantity_changed')
         THEN r.payload ->> 'change' END AS change,
    import_payload_number(r.payload -> 'previousQuantity') AS previous_quantity,
    CASE WHEN jsonb_typeof(r.payload -> 'tags') = 'array' AND jsonb_array_length(r.payload -> 'tags') = 1 THEN r.payload -> 'tags' -> 0 -> 'tagNumber' END AS tag_number,
    CASE jsonb_typeof(r.payload -> 'tags') WHEN 'array' THEN jsonb_array_length(r.payload -> 'tags') ELSE 0 END AS tag_count
  ) d
$$;--> statement-breakpoint
CREATE FUNCTION import_rows_keep_detail_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.detail_json := import_row_detail_json(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER import_rows_detail_json BEFORE INSERT OR UPDATE ON import_rows FOR EACH ROW EXECUTE FUNCTION import_rows_keep_detail_json();--> statement-breakpoint
-- Rows written before this migration: the trigger fills them as they are updated.
UPDATE import_rows SET detail_json = NULL;