-- The register's status tabs and filters, newest first: the page reads its status's picklists in order instead of
-- reading the market's newest and dropping the other statuses (2,074 read for a page of In Progress on the large set).
CREATE INDEX "picklists_market_status_created_idx" ON "picklists" USING btree ("market_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST);