import { createHash } from 'node:crypto';
import type { MailSecurity } from '@mostrador/contract';
import nodemailer, { type Transporter } from 'nodemailer';

/** A company's mail server, as its settings hold it (the password decrypted). */
export interface SmtpSettings {
  host: string;
  port: number;
  security: MailSecurity;
  user: string | null;
  pass: string | null;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable across attempts: `<...@...>`. */
  messageId: string;
  attachments: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

/** What the server answered: accepted, or refused for now (try again later) or for good. */
export type SmtpOutcome =
  | { ok: true; response: string }
  | { ok: false; permanent: boolean; response: string; responseCode: number | null };

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * Reads a refusal the SMTP way: a 5xx reply is permanent (the mail ends `failed` with it); a 4xx reply,
 * a refused or dropped connection or a timeout is temporary (the mail is tried again later).
 */
export function classifySmtpError(error: unknown): Extract<SmtpOutcome, { ok: false }> {
  const e = error as SmtpError;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const response = (e.response ?? e.message ?? String(error)).trim();
  if (responseCode !== null) return { ok: false, permanent: responseCode >= 500, response, responseCode };
  // No reply: the connection (ECONNECTION, ETIMEDOUT, ESOCKET, EDNS) is temporary; a message or
  // envelope nodemailer itself refuses (EENVELOPE, EMESSAGE) would fail the same way next time.
  const permanent = e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
  return { ok: false, permanent, response, responseCode };
}

function transportOptions(settings: SmtpSettings, pool: boolean) {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...(pool ? { pool: true as const, maxConnections: 6, maxMessages: 500 } : {}),
  };
}

/**
 * Sends mails over SMTP with one pooled connection set per company mail server (the pool is replaced
 * when the settings change, and closed after a minute unused).
 */
export function createSmtpClient() {
  const pools = new Map<string, { transport: Transporter; timer: NodeJS.Timeout }>();
  const keyOf = (s: SmtpSettings) =>
    createHash('sha256')
      .update(JSON.stringify([s.host, s.port, s.security, s.user, s.pass]))
      .digest('hex');

  function poolFor(settings: SmtpSettings): Transporter {
    const key = keyOf(settings);
    let entry = pools.get(key);
    if (!entry) {
      const transport = nodemailer.createTransport(transportOptions(settings, true));
      entry = { transport, timer: setTimeout(() => undefined, 0) };
      pools.set(key, entry);
    }
    clearTimeout(entry.timer);
    const current = entry;
    current.timer = setTimeout(() => {
      pools.delete(key);
      current.transport.close();
    }, 60_000);
    current.timer.unref();
    return current.transport;
  }

  return {
    async send(settings: SmtpSettings, mail: OutgoingMail): Promise<SmtpOutcome> {
      try {
        const info = await poolFor(settings).sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          attachments: mail.attachments,
        });
        return { ok: true, response: String(info.response ?? '') };
      } catch (error) {
        return classifySmtpError(error);
      }
    },

    /** One mail on a connection of its own (the settings' "send a test mail"): the server's answer. */
    async sendOnce(settings: SmtpSettings, mail: OutgoingMail): Promise<SmtpOutcome> {
      const transport = nodemailer.createTransport(transportOptions(settings, false));
      try {
        const info = await transport.sendMail({ ...mail });
        return { ok: true, response: String(info.response ?? '') };
      } catch (error) {
        return classifySmtpError(error);
      } finally {
        transport.close();
      }
    },

    close() {
      for (const { transport, timer } of pools.values()) {
        clearTimeout(timer);
        transport.close();
      }
      pools.clear();
    },
  };
}
export type SmtpClient = ReturnType<typeof createSmtpClient>;
