DROP INDEX "orders_market_id_created_at_index";--> statement-breakpoint
DROP INDEX "orders_market_id_status_index";--> statement-breakpoint
DROP INDEX "orders_market_id_customer_id_index";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mso_owner_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_person_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_user_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "inventory_location_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_comment" text;--> statement-breakpoint
-- Orders already stored get their names from the rows they point at (edited by hand: drizzle-kit adds a NOT NULL column in one step).
UPDATE "orders" o SET "customer_name" = c."name", "mso_owner_name" = m."name" FROM "customers" c LEFT JOIN "mso_owners" m ON m."id" = c."mso_owner_id" WHERE c."id" = o."customer_id";--> statement-breakpoint
UPDATE "orders" o SET "sales_person_name" = s."name" FROM "sales_persons" s WHERE s."id" = o."sales_person_id";--> statement-breakpoint
UPDATE "orders" o SET "created_user_name" = u."name" FROM "users" u WHERE u."id" = o."created_by";--> statement-breakpoint
UPDATE "orders" o SET "inventory_location_name" = x."names" FROM (SELECT i."order_id", string_agg(DISTINCT l."display_name", ', ' ORDER BY l."display_name") AS "names" FROM "order_items" i JOIN "batches" b ON b."id" = i."batch_id" JOIN "inventory_locations" l ON l."id" = b."location_id" GROUP BY i."order_id") x WHERE x."order_id" = o."id";--> statement-breakpoint
UPDATE "orders" o SET "status_comment" = h."comment" FROM (SELECT DISTINCT ON ("order_id") "order_id", "comment" FROM "order_status_history" ORDER BY "order_id", "changed_at" DESC, "id" DESC) h WHERE h."order_id" = o."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "customer_name" SET NOT NULL;--> statement-breakpoint
-- A Rejected order no longer holds stock (it is re-reserved when edited): release what stored ones hold.
UPDATE "batches" b SET "reserved_units" = greatest(0, b."reserved_units" - x."units") FROM (SELECT i."batch_id", sum((i."no_of_cases" - i."short_cases") * i."case_size") AS "units" FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id" WHERE o."status" = 'Rejected' GROUP BY i."batch_id") x WHERE x."batch_id" = b."id";--> statement-breakpoint
CREATE INDEX "orders_market_created_idx" ON "orders" USING btree ("market_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_market_status_idx" ON "orders" USING btree ("market_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_market_customer_id_idx" ON "orders" USING btree ("market_id","customer_id");--> statement-breakpoint
CREATE INDEX "orders_market_customer_name_idx" ON "orders" USING btree ("market_id","customer_name","id");--> statement-breakpoint
CREATE INDEX "orders_market_reference_idx" ON "orders" USING btree ("market_id","reference_id");--> statement-breakpoint
CREATE INDEX "orders_market_total_cases_idx" ON "orders" USING btree ("market_id","total_cases","id");--> statement-breakpoint
CREATE INDEX "orders_market_total_price_idx" ON "orders" USING btree ("market_id","total_price","id");--> statement-breakpoint
CREATE INDEX "orders_market_created_user_asc_idx" ON "orders" USING btree ("market_id","created_user_name","id");--> statement-breakpoint
CREATE INDEX "orders_market_created_user_desc_idx" ON "orders" USING btree ("market_id","created_user_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_market_approved_asc_idx" ON "orders" USING btree ("market_id","approved_at","id");--> statement-breakpoint
CREATE INDEX "orders_market_approved_desc_idx" ON "orders" USING btree ("market_id","approved_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_market_requested_asc_idx" ON "orders" USING btree ("market_id","requested_delivery_date","id");--> statement-breakpoint
CREATE INDEX "orders_market_requested_desc_idx" ON "orders" USING btree ("market_id","requested_delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_market_confirmed_asc_idx" ON "orders" USING btree ("market_id","confirmed_delivery_date","id");--> statement-breakpoint
CREATE INDEX "orders_market_confirmed_desc_idx" ON "orders" USING btree ("market_id","confirmed_delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (lower(reference_id || ' ' || customer_name || ' ' || coalesce(mso_owner_name, '') || ' ' || coalesce(sales_person_name, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_reference_trgm_idx" ON "orders" USING gin (lower("reference_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_mso_owner_name_trgm_idx" ON "orders" USING gin (lower("mso_owner_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_sales_person_name_trgm_idx" ON "orders" USING gin (lower("sales_person_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_user_name_trgm_idx" ON "orders" USING gin (lower("created_user_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "picklist_items_order_item_id_index" ON "picklist_items" USING btree ("order_item_id");