-- What a session's context is made of changed: every API process drops the sessions it keeps in memory
-- (modules/authentication/session-cache.ts). NOTIFY is sent at commit; a rollback sends nothing, and
-- several changes in one transaction are one notification.
CREATE FUNCTION "auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mostrador_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session deleted (logout, password change, employee disabled or deleted, license switched off, sweep)
-- or changed in anything but its last use moving forward (the minute touch is not news).
CREATE TRIGGER "sessions_auth_changed" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_updated" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (
    NEW.last_seen_at < OLD.last_seen_at
    OR (NEW.license_id, NEW.user_id, NEW.token_hash, NEW.expires_at, NEW.remember, NEW.support_user_id)
      IS DISTINCT FROM (OLD.license_id, OLD.user_id, OLD.token_hash, OLD.expires_at, OLD.remember, OLD.support_user_id)
  ) EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
-- An employee disabled, deleted or given other roles.
CREATE TRIGGER "users_auth_changed" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_updated" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (
    (NEW.enabled, NEW.roles, NEW.license_id) IS DISTINCT FROM (OLD.enabled, OLD.roles, OLD.license_id)
  ) EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
-- Any permission entry given, taken or changed.
CREATE TRIGGER "user_permissions_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_permissions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
-- A license switched off or on, made the platform, or deleted.
CREATE TRIGGER "licenses_auth_changed" AFTER DELETE ON "licenses"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "licenses_auth_updated" AFTER UPDATE ON "licenses"
  FOR EACH ROW WHEN (
    (NEW.status, NEW.is_platform) IS DISTINCT FROM (OLD.status, OLD.is_platform)
  ) EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
-- The company's time zone, which the session's context carries.
CREATE TRIGGER "company_settings_auth_changed" AFTER DELETE ON "company_settings"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "company_settings_auth_updated" AFTER UPDATE ON "company_settings"
  FOR EACH ROW WHEN (
    (NEW.data->>'timeZone', NEW.license_id) IS DISTINCT FROM (OLD.data->>'timeZone', OLD.license_id)
  ) EXECUTE FUNCTION "auth_changed"();
