import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { files } from '../files/files.table.js';
import { licenses } from '../licenses/licenses.table.js';

/**
 * The outbox: every mail the product sends is first a row here, written in the transaction of the
 * change that causes it; a worker sends `waiting` rows and marks them `sent` or `failed`.
 */
export const mails = pgTable(
  'mails',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    /** The spec's type: who receives it (`user`, `supplier`, `customer`). */
    type: text('type', { enum: ['user', 'supplier', 'customer'] }).notNull(),
    /** Which template made it (`booking_created`, `order_receipt`, ...). */
    kind: text('kind').notNull(),
    /** The customer, employee or supplier it went to, when known. */
    contactId: integer('contact_id'),
    contactEmail: text('contact_email').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['waiting', 'sent', 'failed'] })
      .notNull()
      .default('waiting'),
    error: text('error'),
    errorCode: text('error_code'),
    attempts: integer('attempts').notNull().default(0),
    /** Stable across attempts, so a receiving server can tell a repeated delivery. */
    messageId: text('message_id').notNull(),
    /** While a worker sends it: no other worker takes it before this moment (a crashed one's lease ends). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    resentFromId: integer('resent_from_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mails_license_created_idx').on(
      t.licenseId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('mails_license_status_idx').on(
      t.licenseId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('mails_license_contact_idx')
      .on(t.licenseId, t.contactId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.contactId} is not null`),
    // The license's waiting mails, counted from the index alone; the sweep's oldest-first walk.
    index('mails_waiting_idx').on(t.licenseId, t.createdAt).where(sql`${t.status} = 'waiting'`),
    // The newest waiting mail with an error (the health's last error), found without walking the rest.
    index('mails_waiting_error_idx')
      .on(t.licenseId, t.createdAt)
      .where(sql`${t.status} = 'waiting' and ${t.error} is not null`),
    // The free-text search: subject and address, lower-cased, by trigrams.
    index('mails_search_trgm_idx').using(
      'gin',
      sql`lower(${t.subject} || ' ' || ${t.contactEmail}) gin_trgm_ops`,
    ),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A mail's attachments, in order: a file of the license (a receipt PDF, the logo), or bytes kept in the
 * row itself (`content`, with its name and type), for the small ones made for that mail alone (a
 * booking's `.ics`), so queuing it writes no file. Exactly one of `file_id` and `content` is set.
 */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: integer('mail_id')
      .notNull()
      .references(() => mails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileId: integer('file_id').references(() => files.id),
    /** Set for an image the HTML shows inline (`cid:`), e.g. the company logo. */
    contentId: text('content_id'),
    /** The bytes of an attachment kept in the row (no file), with its name and type below. */
    content: bytea('content'),
    name: text('name'),
    mimeType: text('mime_type'),
  },
  (t) => [
    primaryKey({ columns: [t.mailId, t.position] }),
    index('mail_attachments_file_idx').on(t.fileId),
    check(
      'mail_attachments_file_or_content',
      sql`(${t.fileId} is not null and ${t.content} is null) or (${t.fileId} is null and ${t.content} is not null and ${t.name} is not null and ${t.mimeType} is not null)`,
    ),
  ],
);

/**
 * What the scheduler has already sent, so each reminder and greeting goes once: one row per license,
 * kind, subject (booking or customer) and occasion (the booking's start, the birthday's year), written
 * in the transaction that queues the mail. Two processes racing insert one row; the loser sends nothing.
 */
export const notificationsSent = pgTable(
  'notifications_sent',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    occasion: text('occasion').notNull(),
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.kind, t.subjectId, t.occasion] })],
);
