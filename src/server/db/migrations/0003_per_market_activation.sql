ALTER TABLE "user_market_roles" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A globally deactivated account stays deactivated in each of its markets (edited by hand: drizzle-kit drops the old column without carrying its value).
UPDATE "user_market_roles" r SET "is_active" = false FROM "users" u WHERE u."id" = r."user_id" AND u."is_active" = false;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_active";
