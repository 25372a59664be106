-- settings_edit joins the catalogue: writing the company's general settings and taxes now needs it.
-- Whoever holds grant_permissions today keeps his company's administration: he gets settings_edit in
-- the same scopes (can_do, can_grant) in which he holds grant_permissions.
INSERT INTO "user_permissions" ("license_id", "user_id", "scope", "permission")
SELECT p."license_id", p."user_id", p."scope", 'settings_edit'
FROM "user_permissions" AS p
WHERE p."permission" = 'grant_permissions'
ON CONFLICT ("user_id", "scope", "permission") DO NOTHING;
