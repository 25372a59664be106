import type { Settings, updateSettingsBody } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { AuthContext } from '../lib/auth-context.js';
import type { MailsService } from '../modules/mails/mails.service.js';
import { createProductsRepository } from '../modules/products/products.repository.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

/**
 * Saves the company settings in one transaction: the settings module checks and merges the sections
 * sent, then saves them; when the main language changes, the products module renames every product in
 * the new one (products keep their name in the main language, the list sorts by it).
 */
export async function updateSettings(
  deps: {
    db: Db;
    settings: Pick<SettingsService, 'changed' | 'save' | 'get'>;
    /** Mails waiting for a mail server go once one is saved. */
    mails?: Pick<MailsService, 'dispatch' | 'waitingIds'>;
  },
  auth: AuthContext,
  body: z.output<typeof updateSettingsBody>,
): Promise<Settings> {
  const change = await deps.settings.changed(auth, body);
  await deps.db.transaction(async (tx) => {
    // 1. The settings.
    await deps.settings.save(tx, auth.licenseId, change);
    // 2. A new main language: the products take their name in it.
    if (change.locale)
      await createProductsRepository(tx).adoptMainLanguage(
        auth.licenseId,
        change.locale.from,
        change.locale.to,
      );
  });
  // 3. A mail server saved: the mails that waited for one go now.
  if (body.mail && deps.mails) deps.mails.dispatch(await deps.mails.waitingIds(auth.licenseId));
  return deps.settings.get(auth);
}
