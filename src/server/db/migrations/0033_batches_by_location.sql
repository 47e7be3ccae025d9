-- IF EXISTS, and crossed off deferred_indexes: a large seed killed while it had set the batches' indexes aside has
-- dropped this one already and written it down to build again (db/deferred-indexes.ts); it is replaced below.
DROP INDEX IF EXISTS "batches_market_id_location_id_index";--> statement-breakpoint
DELETE FROM deferred_indexes WHERE name = 'batches_market_id_location_id_index';--> statement-breakpoint
CREATE INDEX "batches_market_id_location_id_id_index" ON "batches" USING btree ("market_id","location_id","id");
