ALTER TABLE "inventory_issues" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "issue_refresh_runs" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_refresh_runs" ADD COLUMN "no_of_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_issues" ADD CONSTRAINT "inventory_issues_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_issues_open_list_idx" ON "inventory_issues" USING btree ("market_id","tab","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "inventory_issues"."is_resolved";--> statement-breakpoint
UPDATE "issue_refresh_runs" r SET "status" = 'FAILED', "comments" = 'Stopped: another refresh of the market was running.', "updated_at" = now()
WHERE r."status" = 'IN-PROGRESS' AND NOT r."is_deleted"
  AND EXISTS (SELECT 1 FROM "issue_refresh_runs" o WHERE o."market_id" = r."market_id" AND o."status" = 'IN-PROGRESS' AND NOT o."is_deleted" AND (o."created_at", o."id") > (r."created_at", r."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "issue_refresh_runs_one_in_progress_idx" ON "issue_refresh_runs" USING btree ("market_id") WHERE "issue_refresh_runs"."status" = 'IN-PROGRESS' and not "issue_refresh_runs"."is_deleted";--> statement-breakpoint
UPDATE "inventory_issues" ii SET "import_id" = (
  SELECT i."id" FROM "imports" i
  WHERE i."market_id" = ii."market_id" AND i."status" = 'COMMITTED'
    AND EXISTS (SELECT 1 FROM "import_rows" r WHERE r."import_id" = i."id" AND r."batch_number" = ii."batch_number" AND r."tab" = ii."tab" AND r."reason_code" = ii."reason_code")
  ORDER BY i."created_at" DESC, i."id" DESC LIMIT 1)
WHERE ii."import_id" IS NULL;
