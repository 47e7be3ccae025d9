ALTER TABLE "export_files" ADD COLUMN "job_id" bigint;--> statement-breakpoint
CREATE INDEX "export_files_job_id_index" ON "export_files" USING btree ("job_id");