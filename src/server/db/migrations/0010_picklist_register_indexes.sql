-- The picklist register pages its ids on an index per sort column of picklists (newest first by default, ties to
-- the newest id) and finds references through a trigram index. Not CONCURRENTLY: the migrator runs in one transaction
-- (and PGlite has one connection); on 221,000 picklists the five builds took 1.2 s, during which writes to picklists wait.
CREATE INDEX "picklists_market_created_idx" ON "picklists" USING btree ("market_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_updated_idx" ON "picklists" USING btree ("market_id","updated_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_status_idx" ON "picklists" USING btree ("market_id","status" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_market_reference_idx" ON "picklists" USING btree ("market_id","reference_id" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "picklists_reference_trgm_idx" ON "picklists" USING gin ("reference_id" gin_trgm_ops);