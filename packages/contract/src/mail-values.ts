/**
 * Mails' value lists, without zod: the mails list reads them without the schemas (mails.ts re-exports them).
 */

/** The spec's mail statuses and types: every mail is first a `waiting` row of the outbox. */
export const mailStatuses = ['waiting', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailTypes = ['user', 'supplier', 'customer'] as const;
export type MailType = (typeof mailTypes)[number];
