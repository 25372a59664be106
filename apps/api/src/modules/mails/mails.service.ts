import { randomUUID } from 'node:crypto';
import type { Language, ListQuery, Mail, MailHealth, MailKind, MailListItem } from '@mostrador/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pageOf } from '../../lib/list.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import {
  createMailsRepository,
  type MailAttachmentDraft,
  type MailRow,
  type NewMail,
} from './mails.repository.js';

/** Why a mail waits while its company has no mail server (the worker's words, and the composer's). */
export const noMailServerMessage =
  'No mail server is configured: the mail waits until the mail server settings are saved.';

/**
 * A mail ready to queue: rendered, addressed, its attachments files of the license or new files whose
 * bytes are already in the storage (their rows are written with the mail).
 */
export interface MailDraft {
  licenseId: number;
  type: 'user' | 'supplier' | 'customer';
  kind: MailKind;
  contactId: number | null;
  contactEmail: string;
  language: Language;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachmentDraft[];
  resentFromId?: number | null;
  /**
   * The company has no mail server (as its settings read in the same transaction say): the mail is
   * queued as the worker would leave it, waiting with `no_mail_server`, and need not be dispatched; the
   * sweep and the settings' save send it once a server is set.
   */
  parked?: boolean;
}

/** The Content-ID of the company logo, an inline part of the layout (not an attachment to download). */
export const logoContentId = 'logo';

/** Hands queued mails to the sending worker once their transaction has committed. */
export interface MailDispatcher {
  dispatch(mailIds: number[]): void;
}

type ListRow = Awaited<ReturnType<ReturnType<typeof createMailsRepository>['list']>>['rows'][number];

function toListItem(row: ListRow | MailRow): MailListItem {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind as MailKind,
    contactId: row.contactId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    status: row.status,
    subject: row.subject,
    body: 'body' in row ? row.body : row.text.slice(0, 200),
    contactEmail: row.contactEmail,
    error: row.error,
    errorCode: (row.errorCode as MailListItem['errorCode']) ?? null,
    attempts: row.attempts,
  };
}

/**
 * The outbox: mails are queued as rows inside the transaction of the change that causes them, then
 * handed to the worker (`dispatch`) after it commits; staff read them, see why they wait or failed, and
 * resend a copy.
 */
export function createMailsService(deps: { db: Db; publicUrl: string }) {
  const { db } = deps;
  let dispatcher: MailDispatcher = { dispatch: () => undefined };
  const messageHost = new URL(deps.publicUrl).hostname || 'localhost';

  async function row(auth: AuthContext, id: number) {
    const mail = await createMailsRepository(db).find(auth.licenseId, id);
    if (!mail) throw notFound();
    return mail;
  }

  const service = {
    /** The job runtime sets this at start; until then (and in processes without jobs) mails just wait. */
    useDispatcher(next: MailDispatcher) {
      dispatcher = next;
    },

    /** The outbox row of a draft and its attachments, as `queue` writes them (a new Message-ID). */
    newMail(draft: MailDraft): { mail: NewMail; attachments: MailAttachmentDraft[] } {
      return {
        mail: {
          licenseId: draft.licenseId,
          type: draft.type,
          kind: draft.kind,
          contactId: draft.contactId,
          contactEmail: draft.contactEmail,
          language: draft.language,
          subject: draft.subject,
          html: draft.html,
          text: draft.text,
          messageId: `<${randomUUID()}@${messageHost}>`,
          resentFromId: draft.resentFromId ?? null,
          ...(draft.parked ? { error: noMailServerMessage, errorCode: 'no_mail_server' } : {}),
        },
        attachments: draft.attachments,
      };
    },

    /** Queues a mail in the caller's transaction; `dispatch` its id after the commit. */
    async queue(tx: DbOrTx, draft: MailDraft): Promise<number> {
      const { mail, attachments } = service.newMail(draft);
      return createMailsRepository(tx).insert(mail, attachments);
    },

    /** Wakes the worker for mails whose transaction committed (a lost wake-up is found by the sweep). */
    dispatch(mailIds: number[]) {
      if (mailIds.length) dispatcher.dispatch(mailIds);
    },

    /** A license's waiting mails (sent again once its mail server is saved). */
    async waitingIds(licenseId: number) {
      return createMailsRepository(db).waitingIds(licenseId);
    },

    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await createMailsRepository(db).list(auth.licenseId, {
        ...query,
        timeZone: auth.timeZone,
      });
      return pageOf(rows.map(toListItem), count, query);
    },

    async get(auth: AuthContext, id: number): Promise<Mail> {
      const mail = await row(auth, id);
      const attachments = await createMailsRepository(db).attachments(mail.id);
      return {
        ...toListItem(mail),
        html: mail.html,
        text: mail.text,
        language: mail.language as Language,
        messageId: mail.messageId,
        resentFromId: mail.resentFromId,
        // The logo is part of the layout; an inline QR is also there to download (to print it).
        attachments: attachments
          .filter((a) => a.contentId !== logoContentId)
          .map((a) => ({
            id: a.position,
            fileId: a.fileId,
            name: a.name,
            mimeType: a.mimeType,
            size: a.size,
          })),
      };
    },

    /**
     * One attachment of a mail of the license (404 for another license's mail, or no such attachment):
     * its name, type, and either its bytes (kept with the mail) or the storage key of its file.
     */
    async attachment(auth: AuthContext, mailId: number, position: number) {
      const mail = await row(auth, mailId);
      const [found] = await createMailsRepository(db).attachments(mail.id, { withContent: true, position });
      if (!found) throw notFound();
      return found;
    },

    /** A mail's inline parts (`contentId` set) with their bytes, or their file's storage key. */
    async inlineAttachments(auth: AuthContext, mailId: number) {
      const mail = await row(auth, mailId);
      const all = await createMailsRepository(db).attachments(mail.id, { withContent: true });
      return all.filter((a) => a.contentId);
    },

    async health(auth: AuthContext, mailServerSet: boolean): Promise<MailHealth> {
      const h = await createMailsRepository(db).health(auth.licenseId);
      return {
        waiting: h.waiting,
        failedLastWeek: h.failedLastWeek,
        oldestWaitingAt: h.oldestWaitingAt ? new Date(h.oldestWaitingAt).toISOString() : null,
        blockedBy: !mailServerSet && h.waiting > 0 ? 'no_mail_server' : null,
        lastError: h.lastError,
      };
    },

    /**
     * Who may receive a mail of the license at `email`: the original address, or a customer's. Answers
     * the customer, or throws 1000032.
     */
    async recipient(licenseId: number, email: string, allowed: string[] = []) {
      const customer = await createCustomersRepository(db).findByEmail(licenseId, email);
      if (customer) return { contactId: customer.id as number | null, type: 'customer' as const };
      if (allowed.some((a) => a.toLowerCase() === email.toLowerCase())) return null;
      throw new AppError('noCustomerWithEmail', [{ field: 'email', message: 'no customer has this email' }]);
    },

    /** A copy of a mail as a new outbox row, to its address or to another customer's. */
    async resend(auth: AuthContext, id: number, email?: string): Promise<Mail> {
      const original = await row(auth, id);
      const to = email ?? original.contactEmail;
      const sameAddress = to.toLowerCase() === original.contactEmail.toLowerCase();
      const who = sameAddress
        ? { contactId: original.contactId, type: original.type }
        : ((await service.recipient(auth.licenseId, to)) ?? { contactId: null, type: original.type });
      const attachments = await createMailsRepository(db).attachments(original.id, { withContent: true });
      const newId = await db.transaction((tx) =>
        service.queue(tx, {
          licenseId: auth.licenseId,
          type: who.type,
          kind: original.kind as MailKind,
          contactId: who.contactId,
          contactEmail: to,
          language: original.language as Language,
          subject: original.subject,
          html: original.html,
          text: original.text,
          // A file is attached again; bytes kept with the mail are copied with the copy.
          attachments: attachments.map((a) =>
            a.content
              ? { content: { name: a.name, mimeType: a.mimeType, data: a.content }, contentId: a.contentId }
              : { fileId: a.fileId!, contentId: a.contentId },
          ),
          resentFromId: original.id,
        }),
      );
      service.dispatch([newId]);
      return service.get(auth, newId);
    },
  };
  return service;
}
export type MailsService = ReturnType<typeof createMailsService>;
