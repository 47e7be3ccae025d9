CREATE INDEX "import_rows_product_asc_idx" ON "import_rows" USING btree ("import_id","tab","product_name","id");--> statement-breakpoint
CREATE INDEX "import_rows_product_desc_idx" ON "import_rows" USING btree ("import_id","tab","product_name" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "import_rows_s2s_product_asc_idx" ON "import_rows" USING btree ("import_id","tab","s2s_product_name","id");--> statement-breakpoint
CREATE INDEX "import_rows_s2s_product_desc_idx" ON "import_rows" USING btree ("import_id","tab","s2s_product_name" DESC NULLS LAST,"id");