-- A reconciliation stages its packages as they are listed, page by page (reconciliation-packages.ts), so that the
-- server no longer holds a location's packages to count each once: a package listed again (it changed while the
-- listing paged) meets its staged row by its vendor id and replaces it, keeping its place. Nullable: rows that a
-- run on an older server is staging have none, and the job replaces a run's rows when it runs again.
ALTER TABLE "reconciliation_packages" ADD COLUMN "package_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_packages_package_idx" ON "reconciliation_packages" ("run_id", "package_id");
