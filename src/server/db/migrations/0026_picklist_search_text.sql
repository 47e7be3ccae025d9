-- The register's search matched the picklist's reference, its order's, its dispensary's and its warehouse's names on
-- their own tables, each joined to the market's picklists (2.6-3.2 s at 32 connections on the large data set for a
-- few letters of a name). Those names are on the picklist now (migration 0025): one generated text and one trigram
-- index, the market leading, find a search's picklists.
DROP INDEX "picklists_reference_trgm_idx";--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(reference_id || chr(31) || order_reference || chr(31) || customer_name || chr(31) || location_name)) STORED;--> statement-breakpoint
CREATE INDEX "picklists_search_trgm_idx" ON "picklists" USING gin ("market_id","search_text" gin_trgm_ops);