-- Menu listing at scale: each product's menu rank kept per market (written on a settings save or when the products
-- change), expiry-sort indexes that start at today, and trigram indexes for the search.
CREATE TABLE "menu_product_ranks" (
	"market_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "menu_product_ranks_market_id_product_id_pk" PRIMARY KEY("market_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "menu_rank_versions" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"ranked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_product_ranks" ADD CONSTRAINT "menu_product_ranks_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_product_ranks" ADD CONSTRAINT "menu_product_ranks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_rank_versions" ADD CONSTRAINT "menu_rank_versions_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_product_ranks_market_id_rank_product_id_index" ON "menu_product_ranks" USING btree ("market_id","rank","product_id");--> statement-breakpoint
CREATE INDEX "batches_menu_expiry_asc_idx" ON "batches" USING btree ("market_id",coalesce("expiry_date", 'infinity'::date));--> statement-breakpoint
CREATE INDEX "batches_menu_expiry_desc_idx" ON "batches" USING btree ("market_id",coalesce("expiry_date", '-infinity'::date));--> statement-breakpoint
CREATE INDEX "batches_menu_search_trgm_idx" ON "batches" USING gin ("batch_number" gin_trgm_ops,"s2s_product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_market_id_updated_at_index" ON "products" USING btree ("market_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);