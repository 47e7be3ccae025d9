ALTER TABLE "export_files" ADD COLUMN "token" text NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "comments" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_one_active_idx" ON "reconciliation_runs" USING btree ("market_id") WHERE "reconciliation_runs"."status" in ('DRAFT', 'IN-PROGRESS');--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_token_unique" UNIQUE("token");