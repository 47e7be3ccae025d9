-- What the access check reads of a caller (their account, memberships, their role's grants, the market) is kept
-- in memory for a few seconds by each instance (auth/caller-cache.ts). Any change to it, whoever makes it (the
-- users screens, the seed, an operator's SQL), tells every instance on commit to forget what it kept.
CREATE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wbo_access_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_access_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();--> statement-breakpoint
CREATE TRIGGER user_market_roles_access_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_market_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();--> statement-breakpoint
CREATE TRIGGER role_permissions_access_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();--> statement-breakpoint
CREATE TRIGGER markets_access_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON markets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
