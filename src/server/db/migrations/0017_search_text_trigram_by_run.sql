-- GIN indexes led by plain columns (an import's or run's id and the tab) need btree_gin's operator classes: a
-- trusted extension on PostgreSQL 13+, loaded by PGlite from @electric-sql/pglite/contrib/btree_gin (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "import_rows_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(batch_number || chr(31) || coalesce(s2s_product_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "reconciliation_rows_search_trgm_idx" ON "reconciliation_rows" USING gin ("run_id","tab","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_rows_search_trgm_idx" ON "import_rows" USING gin ("import_id","tab","search_text" gin_trgm_ops);