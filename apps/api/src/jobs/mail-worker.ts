import type { Db } from '../db/client.js';
import type { SmtpClient } from '../integrations/smtp.js';
import type { FileStorage } from '../modules/files/file-storage.js';
import { createMailsRepository } from '../modules/mails/mails.repository.js';
import { logoContentId, noMailServerMessage } from '../modules/mails/mails.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

/** An inline image (the logo) goes at most this wide or high, whatever was uploaded. */
const inlineImageBox = 480;

/** Inline images resized once per file, kept for the process's life (a company has one logo). */
const inlineCache = new Map<string, Buffer>();

async function inlineImage(
  storageKey: string,
  content: Buffer,
): Promise<{ content: Buffer; contentType: string }> {
  let png = inlineCache.get(storageKey);
  if (!png) {
    const { default: sharp } = await import('sharp');
    png = await sharp(content, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: inlineImageBox, height: inlineImageBox, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    if (inlineCache.size > 200) inlineCache.clear();
    inlineCache.set(storageKey, png);
  }
  return { content: png, contentType: 'image/png' };
}

/** What became of one try: pg-boss completes the job, retries it later, or ends it. */
export type MailAttempt = 'sent' | 'skipped' | 'parked' | 'retry' | 'failed';

export { noMailServerMessage };

/**
 * Sends one outbox mail. The row is claimed first (a lease), so two workers never send it at once; it is
 * marked sent the moment the server accepts it, so only a crash in that instant could send it twice
 * (the stable Message-ID lets the receiving side tell). A 5xx reply fails it for good with the server's
 * words; a 4xx reply or a connection problem leaves it waiting for pg-boss to try again with backoff,
 * until the last try, which fails it.
 */
export function createMailWorker(deps: {
  db: Db;
  settings: Pick<SettingsService, 'mailServer'>;
  storage: FileStorage;
  smtp: SmtpClient;
}) {
  const repo = createMailsRepository(deps.db);
  // A company's mail server, read again only once its settings were saved since (the claim answers
  // when they were), so a new server or password applies to the next mail in every process; a missing
  // one is read again each time, so mails parked for want of it go as soon as it is saved.
  const servers = new Map<
    number,
    { savedAt: string; server: Awaited<ReturnType<SettingsService['mailServer']>> }
  >();
  async function serverOf(licenseId: number, savedAt: string | null) {
    const hit = servers.get(licenseId);
    if (hit && savedAt !== null && hit.savedAt === savedAt) return hit.server;
    const server = await deps.settings.mailServer(licenseId);
    if (servers.size >= 10_000) servers.clear();
    if (server && savedAt !== null) servers.set(licenseId, { savedAt, server });
    else servers.delete(licenseId);
    return server;
  }

  return async function sendMail(mailId: number, lastTry: boolean): Promise<MailAttempt> {
    const mail = await repo.claim(mailId);
    if (!mail) return 'skipped';
    const server = await serverOf(mail.licenseId, mail.settingsSavedAt);
    if (!server) {
      await repo.markAttempt(mail.id, {
        status: 'waiting',
        error: noMailServerMessage,
        errorCode: 'no_mail_server',
        tried: false,
      });
      return 'parked';
    }
    // An attachment kept with the mail (a booking's .ics) comes with the row; a file from the storage.
    const stored = await repo.attachments(mail.id, { withContent: true });
    const attachments = [];
    for (const a of stored) {
      const content = a.content ?? (a.storageKey ? await deps.storage.get(a.storageKey) : null);
      if (!content) continue;
      // An inline image made for the mail (a QR code) goes as it was made; the logo is resized.
      if (a.contentId && a.contentId !== logoContentId) {
        attachments.push({ filename: a.name, content, contentType: a.mimeType, cid: a.contentId });
        continue;
      }
      if (a.contentId) {
        const image = await inlineImage(a.storageKey ?? `${mail.id}/${a.position}`, content).catch(
          () => null,
        );
        if (image) attachments.push({ filename: 'logo.png', ...image, cid: a.contentId });
        continue;
      }
      attachments.push({ filename: a.name, content, contentType: a.mimeType });
    }
    const outcome = await deps.smtp.send(server.smtp, {
      from: mail.type === 'supplier' ? server.supplierFrom : server.from,
      to: mail.contactEmail,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      attachments,
    });
    if (outcome.ok) {
      await repo.markSent(mail.id);
      return 'sent';
    }
    if (outcome.permanent || lastTry) {
      await repo.markAttempt(mail.id, {
        status: 'failed',
        error: outcome.response,
        errorCode: outcome.permanent ? 'permanent' : 'attempts_exhausted',
        tried: true,
      });
      return 'failed';
    }
    await repo.markAttempt(mail.id, {
      status: 'waiting',
      error: outcome.response,
      errorCode: 'temporary',
      tried: true,
    });
    return 'retry';
  };
}
export type SendMail = ReturnType<typeof createMailWorker>;
