ALTER TABLE "reconciliation_runs" ADD COLUMN "tab_counts" jsonb;--> statement-breakpoint
-- The runs written before: counted once here.
UPDATE reconciliation_runs r SET tab_counts = jsonb_build_object(
  'status_mismatch', (SELECT count(*)::int FROM reconciliation_rows x WHERE x.run_id = r.id AND x.tab = 'status_mismatch'),
  'inventory_mismatch', (SELECT count(*)::int FROM reconciliation_rows x WHERE x.run_id = r.id AND x.tab = 'inventory_mismatch'));
