import {
  dataOf,
  idParams,
  idSchema,
  listResponse,
  mailHealthSchema,
  mailListItemSchema,
  mailListQuery,
  mailSchema,
  notificationPreviewBody,
  renderedMailSchema,
  resendMailBody,
  sendOrderMailBody,
  testMailBody,
  testMailResultSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import { sandboxPolicy } from '../../plugins/security-headers.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MailComposer } from './mail-composer.js';
import type { MailsService } from './mails.service.js';

const tags = ['mails'];

/** `filename*` keeps accents and spaces of the name (RFC 6266), as the files' download does. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const attachmentParams = z.object({
  id: idSchema,
  attachmentId: z.coerce.number().int().min(0).max(1000).describe('The attachment’s `id` in the mail'),
});

export const mailsRoutes =
  (service: MailsService, composer: MailComposer, settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/mails',
      {
        config: { access: requireAny('mails_find') },
        schema: {
          tags,
          summary: 'Sent mails (the outbox); `query` searches subject and address',
          querystring: mailListQuery,
          response: { 200: listResponse(mailListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.get(
      '/admin/mails/health',
      {
        config: { access: requireAny('mails_find') },
        schema: {
          tags,
          summary: 'Whether mails are waiting or failing, and why',
          response: { 200: dataOf(mailHealthSchema) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const server = await settings.mailServer(auth.licenseId);
        return { data: await service.health(auth, server !== null) };
      },
    );
    app.get(
      '/admin/mails/:id',
      {
        config: { access: requireAny('mails_find') },
        schema: {
          tags,
          summary: 'One mail with its HTML and plain-text parts and its attachments',
          params: idParams,
          response: { 200: dataOf(mailSchema) },
        },
      },
      async (request) => ({
        data: await composer.withInlineImages(
          authOf(request),
          await service.get(authOf(request), request.params.id),
        ),
      }),
    );
    app.get(
      '/admin/mails/:id/attachments/:attachmentId',
      {
        config: { access: requireAny('mails_find') },
        schema: {
          tags,
          summary: 'One attachment of a mail (a booking’s .ics, a receipt’s PDF), as a download',
          params: attachmentParams,
          response: {
            200: {
              description: 'The attachment’s bytes',
              content: { '*/*': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
          },
        },
      },
      async (request, reply) => {
        const file = await composer.attachment(
          authOf(request),
          request.params.id,
          request.params.attachmentId,
        );
        return reply
          .header('content-type', file.mimeType)
          .header('content-disposition', contentDisposition(file.name))
          .header('content-security-policy', sandboxPolicy)
          .header('cache-control', 'private, max-age=3600')
          .send(file.data);
      },
    );
    app.post(
      '/admin/mails/:id/resend',
      {
        config: { access: requireAny('mails_resend') },
        schema: {
          tags,
          summary: 'Send a copy (a new outbox row), to the same address or to a customer’s',
          params: idParams,
          body: resendMailBody,
          response: { 201: dataOf(mailSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await composer.withInlineImages(
            authOf(request),
            await service.resend(authOf(request), request.params.id, request.body.email),
          ),
        }),
    );
    app.post(
      '/admin/orders/:id/mail',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags: ['orders'],
          summary: 'Send a paid order’s receipt by email, to its customer or a customer’s address',
          params: idParams,
          body: sendOrderMailBody,
          response: { 201: dataOf(mailSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await composer.orderReceipt(authOf(request), request.params.id, request.body.email),
        }),
    );
    app.post(
      '/admin/settings/mail/test',
      {
        config: { access: requireAny('settings_edit') },
        schema: {
          tags: ['settings'],
          summary: 'Send a test mail with the saved mail server settings; answers the server’s reply',
          body: testMailBody,
          response: { 200: dataOf(testMailResultSchema) },
        },
      },
      async (request) => ({ data: await composer.testMail(authOf(request), request.body.email) }),
    );
    app.post(
      '/admin/settings/notifications/preview',
      {
        config: { access: requireAny('settings_edit') },
        schema: {
          tags: ['settings'],
          summary: 'A reminder or birthday greeting as a customer would get it, with sample values',
          body: notificationPreviewBody,
          response: { 200: dataOf(renderedMailSchema) },
        },
      },
      async (request) => ({
        data: await composer.withInlineImages(
          authOf(request),
          await composer.preview(authOf(request), request.body),
        ),
      }),
    );
  };
