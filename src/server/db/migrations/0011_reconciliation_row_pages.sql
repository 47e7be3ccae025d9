DROP INDEX "reconciliation_rows_run_id_tab_index";--> statement-breakpoint
CREATE INDEX "reconciliation_rows_page_idx" ON "reconciliation_rows" USING btree ("run_id","tab","batch_number","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_product_asc_idx" ON "reconciliation_rows" USING btree ("run_id","tab","s2s_product_name","batch_number","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_product_desc_idx" ON "reconciliation_rows" USING btree ("run_id","tab","s2s_product_name" DESC NULLS LAST,"batch_number","id");