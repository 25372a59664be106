-- giftVouchers_edit joins the catalogue: changing a gift voucher's expiry now needs it. Whoever may
-- delete gift vouchers today may change their expiry too: he gets giftVouchers_edit in the same scopes
-- (can_do, can_grant) in which he holds giftVouchers_delete.
INSERT INTO "user_permissions" ("license_id", "user_id", "scope", "permission")
SELECT p."license_id", p."user_id", p."scope", 'giftVouchers_edit'
FROM "user_permissions" AS p
WHERE p."permission" = 'giftVouchers_delete'
ON CONFLICT ("user_id", "scope", "permission") DO NOTHING;
