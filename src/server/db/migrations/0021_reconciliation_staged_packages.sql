-- A reconciliation's seed-to-sale packages, staged while its job runs and compared with our batches in SQL
-- (reconciliation.repository.ts, compareStagedPackages): the server no longer holds a market's hundreds of
-- thousands of packages, summed per batch, beside our batches. Unlogged: a run that a crash interrupts fetches
-- again, so nothing here needs to survive one, and the job empties it when it ends either way.
CREATE UNLOGGED TABLE "reconciliation_packages" (
  "run_id" integer NOT NULL,
  -- The order packages were listed in: a batch's S2S product name is its first package's item name.
  "seq" integer NOT NULL,
  "batch_number" text NOT NULL,
  "tag" text NOT NULL,
  "item_name" text,
  -- Whole units: a fractional or negative count counts for what it wholly holds (0 at least).
  "units" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "reconciliation_packages_batch_idx" ON "reconciliation_packages" ("run_id", "batch_number");
