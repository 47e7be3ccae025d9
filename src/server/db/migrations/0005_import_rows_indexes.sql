DROP INDEX "import_rows_import_id_tab_index";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "tab_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "import_rows_import_id_tab_id_index" ON "import_rows" USING btree ("import_id","tab","id");--> statement-breakpoint
CREATE INDEX "import_rows_import_id_batch_number_index" ON "import_rows" USING btree ("import_id","batch_number");--> statement-breakpoint
CREATE INDEX "import_rows_search_trgm_idx" ON "import_rows" USING gin (lower(batch_number || ' ' || coalesce(product_name, '') || ' ' || coalesce(s2s_product_name, '') || ' ' || coalesce(location_name, '')) gin_trgm_ops);--> statement-breakpoint
UPDATE "imports" i SET "tab_counts" = coalesce((SELECT jsonb_object_agg(c.tab, c.n) FROM (SELECT r.tab, count(*)::int AS n FROM "import_rows" r WHERE r.import_id = i.id GROUP BY r.tab) c), '{}'::jsonb);
