import { and, asc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import { countCapped, type ListSpec, likePattern, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { files } from '../files/files.table.js';
import { companySettings } from '../settings/settings.table.js';
import { mailAttachments, mails, notificationsSent } from './mails.table.js';
import { qrCodeMimeType, qrImage } from './qr-image.js';

export type MailRow = typeof mails.$inferSelect;
/**
 * An attachment of a mail to queue: a file of the license, a new one whose bytes are stored, or bytes
 * kept in the attachment's row (a small one made for this mail alone: a booking's `.ics`).
 */
export type MailAttachmentDraft = { contentId?: string | null } & (
  | { fileId: number }
  | { file: { name: string; mimeType: string; size: number; storageKey: string } }
  | { content: { name: string; mimeType: string; data: Buffer } }
);

/** Bytes as the driver reads a bytea (node-postgres a Buffer, PGlite a Uint8Array). */
const bytesOf = (value: Uint8Array | null): Buffer | null =>
  value === null
    ? null
    : Buffer.isBuffer(value)
      ? value
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength);

export type NewMail = Omit<typeof mails.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const listSpec: ListSpec = {
  fields: {
    id: { column: mails.id, type: 'number' },
    type: { column: mails.type, type: 'string' },
    kind: { column: mails.kind, type: 'string' },
    contactId: { column: mails.contactId, type: 'number' },
    createdAt: { column: mails.createdAt, type: 'date' },
    sentAt: { column: mails.sentAt, type: 'date' },
    status: { column: mails.status, type: 'string' },
    subject: { column: mails.subject, type: 'string' },
    contactEmail: { column: mails.contactEmail, type: 'string' },
    error: { column: mails.error, type: 'string' },
  },
  // The search goes through the trigram-indexed expression instead (see list()).
  search: [],
  defaultOrder: { createdAt: 'desc' },
  tiebreaker: mails.id,
};

const listColumns = {
  id: mails.id,
  type: mails.type,
  kind: mails.kind,
  contactId: mails.contactId,
  createdAt: mails.createdAt,
  sentAt: mails.sentAt,
  status: mails.status,
  subject: mails.subject,
  body: sql<string>`left(${mails.text}, 200)`,
  contactEmail: mails.contactEmail,
  error: mails.error,
  errorCode: mails.errorCode,
  attempts: mails.attempts,
};

const p = (name: string) => sql.placeholder(name);

/**
 * A mail with the files it brings along and its attachments, as the CTEs `m` (the mail: id, license_id),
 * `x`, `f` and `a` of a statement of fixed text, its values named `mail*` (`mailInsertValues`): the
 * outbox's own insert, and a booking's, whose mail is written in the statement that writes it. An
 * attachment kept in its row comes as base64 text in the list and is written as bytes (no file).
 */
export const mailInsertCtes = sql`
  m as (
    insert into ${mails} (license_id, type, kind, contact_id, contact_email, language, subject, html, text, message_id, resent_from_id, error, error_code)
    values (${p('mailLicenseId')}::int, ${p('mailType')}, ${p('mailKind')}, ${p('mailContactId')}::int, ${p('mailContactEmail')},
      ${p('mailLanguage')}, ${p('mailSubject')}, ${p('mailHtml')}, ${p('mailText')}, ${p('mailMessageId')}, ${p('mailResentFromId')}::int,
      ${p('mailError')}, ${p('mailErrorCode')})
    returning id, license_id
  ),
  x as (
    select * from jsonb_to_recordset(${p('mailAttachments')}::jsonb)
      as x(position int, file_id int, content_id text, name text, mime_type text, size int, storage_key text, content text)
  ),
  f as (
    insert into ${files} (license_id, name, mime_type, size, storage_key)
    select m.license_id, x.name, x.mime_type, x.size, x.storage_key from m, x
    where x.file_id is null and x.storage_key is not null
    returning id, storage_key
  ),
  a as (
    insert into ${mailAttachments} (mail_id, position, file_id, content_id, content, name, mime_type)
    select m.id, x.position, coalesce(x.file_id, f.id), x.content_id, decode(x.content, 'base64'),
      case when x.content is not null then x.name end, case when x.content is not null then x.mime_type end
    from m cross join x left join f on f.storage_key = x.storage_key
  )`;

/** The values of `mailInsertCtes`. */
export function mailInsertValues(mail: NewMail, attachments: MailAttachmentDraft[]) {
  const list = attachments.map((a, position) =>
    'fileId' in a
      ? { position, file_id: a.fileId, content_id: a.contentId ?? null }
      : 'content' in a
        ? {
            position,
            content_id: a.contentId ?? null,
            name: a.content.name,
            mime_type: a.content.mimeType,
            content: a.content.data.toString('base64'),
          }
        : {
            position,
            content_id: a.contentId ?? null,
            name: a.file.name,
            mime_type: a.file.mimeType,
            size: a.file.size,
            storage_key: a.file.storageKey,
          },
  );
  return {
    mailLicenseId: mail.licenseId,
    mailType: mail.type,
    mailKind: mail.kind,
    mailContactId: mail.contactId ?? null,
    mailContactEmail: mail.contactEmail,
    mailLanguage: mail.language,
    mailSubject: mail.subject,
    mailHtml: mail.html,
    mailText: mail.text,
    mailMessageId: mail.messageId,
    mailResentFromId: mail.resentFromId ?? null,
    mailError: mail.error ?? null,
    mailErrorCode: mail.errorCode ?? null,
    mailAttachments: JSON.stringify(list),
  };
}

const insertMail = fixedStatement<{ id: number }>(
  'mail_insert',
  sql`with ${mailInsertCtes} select id from m`,
);

/** How long a worker holds a mail it sends before another may take it (a crashed worker's lease ends). */
export const leaseSeconds = 120;

export function createMailsRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) => and(eq(mails.licenseId, licenseId), eq(mails.id, id));
  return {
    async list(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(mails.licenseId, licenseId));
      const where = term
        ? and(
            c.where,
            sql`lower(${mails.subject} || ' ' || ${mails.contactEmail}) like ${likePattern(term.toLowerCase())}`,
          )!
        : c.where;
      const [rows, count] = await Promise.all([
        db
          .select(listColumns)
          .from(mails)
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, mails, where),
      ]);
      return { rows, count };
    },

    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(mails).where(scope(licenseId, id));
      return row;
    },

    /**
     * A mail's attachments in order, of both kinds: a file's (`fileId`, `storageKey`; its bytes in the
     * storage) or one kept in its row (`content`, read only `withContent`; no file). `position` names it
     * in the mail (`GET /admin/mails/{id}/attachments/{position}`).
     */
    async attachments(mailId: number, options: { withContent?: boolean; position?: number } = {}) {
      const rows = await db
        .select({
          position: mailAttachments.position,
          fileId: mailAttachments.fileId,
          name: sql<string>`coalesce(${mailAttachments.name}, ${files.name})`,
          mimeType: sql<string>`coalesce(${mailAttachments.mimeType}, ${files.mimeType})`,
          size: sql<number>`coalesce(octet_length(${mailAttachments.content}), ${files.size})::int`,
          storageKey: files.storageKey,
          contentId: mailAttachments.contentId,
          // A QR kept as its code's text is read to be drawn, asked for its bytes or not (its size).
          content: options.withContent
            ? mailAttachments.content
            : sql<Uint8Array | null>`case when ${mailAttachments.mimeType} = ${qrCodeMimeType} then ${mailAttachments.content} end`,
        })
        .from(mailAttachments)
        .leftJoin(files, eq(files.id, mailAttachments.fileId))
        .where(
          options.position === undefined
            ? eq(mailAttachments.mailId, mailId)
            : and(eq(mailAttachments.mailId, mailId), eq(mailAttachments.position, options.position)),
        )
        .orderBy(asc(mailAttachments.position));
      return rows.map((r) => {
        const content = bytesOf(r.content as Uint8Array | null);
        if (r.mimeType !== qrCodeMimeType || !content) return { ...r, content };
        const { png } = qrImage(content.toString('utf8'));
        return { ...r, mimeType: 'image/png', size: png.length, content: options.withContent ? png : null };
      });
    },

    /**
     * The mail, the files it brings along (an `.ics` whose bytes are already stored) and its
     * attachments, in one statement of fixed text (`mailInsertCtes`): one round trip in the request that
     * queues it, and a plan PostgreSQL can reuse.
     */
    async insert(mail: NewMail, attachments: MailAttachmentDraft[]) {
      const [row] = await insertMail(db, mailInsertValues(mail, attachments));
      return Number(row!.id);
    },

    /**
     * Takes a waiting mail for sending: no other worker gets it until it is settled or the lease runs
     * out. Answers nothing when it is sent, failed, or another worker holds it.
     */
    async claim(id: number) {
      const [row] = await db
        .update(mails)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(mails.id, id),
            eq(mails.status, 'waiting'),
            or(sql`${mails.leaseUntil} is null`, lt(mails.leaseUntil, sql`now()`)),
          ),
        )
        .returning({
          ...getTableColumns(mails),
          // When the license's settings were last saved: a mail server read before then is stale.
          // (Qualified by hand: an update's returning names its columns bare.)
          settingsSavedAt: sql<
            string | null
          >`(select s.updated_at::text from ${companySettings} s where s.license_id = ${mails}.license_id)`,
        });
      return row;
    },

    async markSent(id: number) {
      await db
        .update(mails)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          error: null,
          errorCode: null,
          leaseUntil: null,
          attempts: sql`${mails.attempts} + 1`,
        })
        .where(and(eq(mails.id, id), eq(mails.status, 'waiting')));
    },

    /** A try that did not deliver: the mail stays waiting with why, or ends failed. */
    async markAttempt(
      id: number,
      outcome: { status: 'waiting' | 'failed'; error: string; errorCode: string; tried: boolean },
    ) {
      await db
        .update(mails)
        .set({
          status: outcome.status,
          error: outcome.error.slice(0, 2000),
          errorCode: outcome.errorCode,
          leaseUntil: null,
          attempts: outcome.tried ? sql`${mails.attempts} + 1` : mails.attempts,
        })
        .where(and(eq(mails.id, id), eq(mails.status, 'waiting')));
    },

    /**
     * Waiting mails nobody is sending: never tried a minute after they were queued (their job was lost),
     * held by a lease that ran out (a crashed worker), or parked for want of a mail server whose
     * license has one now. At most `limit`, oldest first.
     */
    async orphans(limit: number, licensesWithServer: number[]) {
      const parked = licensesWithServer.length
        ? and(eq(mails.errorCode, 'no_mail_server'), inArray(mails.licenseId, licensesWithServer))
        : sql`false`;
      return db
        .select({ id: mails.id })
        .from(mails)
        .where(
          and(
            eq(mails.status, 'waiting'),
            or(
              and(
                sql`${mails.errorCode} is null`,
                sql`${mails.leaseUntil} is null`,
                lt(mails.createdAt, sql`now() - interval '1 minute'`),
              ),
              lt(mails.leaseUntil, sql`now()`),
              parked,
            ),
          ),
        )
        .orderBy(asc(mails.createdAt))
        .limit(limit);
    },

    /** The license's waiting mails (to send them now its mail server is set). */
    async waitingIds(licenseId: number) {
      const rows = await db
        .select({ id: mails.id })
        .from(mails)
        .where(and(eq(mails.licenseId, licenseId), eq(mails.status, 'waiting')))
        .orderBy(asc(mails.createdAt))
        .limit(10_000);
      return rows.map((r) => r.id);
    },

    /** What the list and dashboard warn about; each figure read from the (license, status, date) index. */
    async health(licenseId: number) {
      const scoped = (status: string) =>
        and(eq(mails.licenseId, licenseId), eq(mails.status, status as 'waiting'));
      const [row] = await db
        .select({
          waiting: sql<number>`(select count(*)::int from ${mails} where ${scoped('waiting')})`,
          failedLastWeek: sql<number>`(select count(*)::int from ${mails} where ${scoped('failed')} and ${mails.createdAt} > now() - interval '7 days')`,
          oldestWaitingAt: sql<
            string | null
          >`(select min(${mails.createdAt}) from ${mails} where ${scoped('waiting')})`,
          // The newest error: of the last failed mail or the last waiting one with an error, each found
          // at the top of its index (a filter over all the license's mails would walk them all).
          lastError: sql<string | null>`(select e.error from (
            (select ${mails.error} as error, ${mails.createdAt} as at from ${mails} where ${scoped('failed')} and ${mails.error} is not null order by ${mails.createdAt} desc nulls first limit 1)
            union all
            (select ${mails.error}, ${mails.createdAt} from ${mails} where ${scoped('waiting')} and ${mails.error} is not null order by ${mails.createdAt} desc nulls first limit 1)
          ) e order by e.at desc limit 1)`,
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    /**
     * Records that a reminder or greeting is going out; false when it already went (another process,
     * an earlier run). Inside the transaction that queues the mail, so both or neither happen.
     */
    async recordNotification(licenseId: number, kind: string, subjectId: number, occasion: string) {
      const rows = await db
        .insert(notificationsSent)
        .values({ licenseId, kind, subjectId, occasion })
        .onConflictDoNothing()
        .returning({ kind: notificationsSent.kind });
      return rows.length > 0;
    },

    async linkNotification(
      licenseId: number,
      kind: string,
      subjectId: number,
      occasion: string,
      mailId: number,
    ) {
      await db
        .update(notificationsSent)
        .set({ mailId })
        .where(
          and(
            eq(notificationsSent.licenseId, licenseId),
            eq(notificationsSent.kind, kind),
            eq(notificationsSent.subjectId, subjectId),
            eq(notificationsSent.occasion, occasion),
          ),
        );
    },
  };
}
export type MailsRepository = ReturnType<typeof createMailsRepository>;
