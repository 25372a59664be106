import {
  certificateInfoSchema,
  dataOf,
  patchUiConfigBody,
  settingsSchema,
  uiConfigSchema,
  updateSettingsBody,
  widgetEmbedSchema,
} from '@mostrador/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { EmployeesService } from '../employees/employees.service.js';
import type { SettingsService } from './settings.service.js';

const tags = ['settings'];

/** The certificate upload: the `password` field, then the `file` part (PKCS#12, at most 64 KiB). */
async function readCertificateUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('validation', [{ field: 'file', message: 'send multipart/form-data' }]);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let data: Buffer;
  try {
    part = await request.file({ limits: { fileSize: 64 * 1024, files: 1 } });
    if (part?.fieldname !== 'file')
      throw new AppError('validation', [{ field: 'file', message: 'required' }]);
    data = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('malformedUpload', [{ field: 'file', message: 'malformed multipart body' }]);
  }
  if (part.file.truncated)
    throw new AppError('payloadTooLarge', [{ field: 'file', message: 'at most 64 KiB' }]);
  if (!data.length) throw new AppError('validation', [{ field: 'file', message: 'empty' }]);
  const field = part.fields.password;
  const password = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
  return { data, password };
}

export const settingsRoutes =
  (service: SettingsService, employees: EmployeesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/admin/settings/verifactu/certificate',
      {
        config: { access: requireAny('settings_paymentGateway') },
        schema: {
          tags,
          summary:
            'Upload the Verifactu certificate: multipart `password` then `file` (PKCS#12 .p12/.pfx); both are stored encrypted and never sent back. 400 1000150 unreadable or wrong password, 1000151 expired',
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(certificateInfoSchema) },
        },
      },
      async (request) => {
        const { data, password } = await readCertificateUpload(request);
        return { data: await service.saveCertificate(authOf(request), data, password) };
      },
    );
    app.delete(
      '/admin/settings/verifactu/certificate',
      {
        config: { access: requireAny('settings_paymentGateway') },
        schema: {
          tags,
          summary: 'Remove the Verifactu certificate (400 while Verifactu is on)',
        },
      },
      async (request, reply) => {
        await service.removeCertificate(authOf(request));
        return reply.code(204).send();
      },
    );
    app.get(
      '/admin/settings/widget',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary:
            "Where the company's booking widget is served (from PUBLIC_URL): the loader of the script tag and the widget's page for an iframe, with the license's code",
          response: { 200: dataOf(widgetEmbedSchema) },
        },
      },
      async (request) => ({ data: await service.widgetEmbed(authOf(request)) }),
    );
    app.get(
      '/admin/settings',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'The company configuration; secrets only say whether they are set',
          response: { 200: dataOf(settingsSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request)) }),
    );
    app.put(
      '/admin/settings',
      {
        // Reading is open to every employee; writing needs settings_edit, and the billing and payment
        // sections settings_paymentGateway (the service checks each section sent).
        config: { access: requireAny('settings_edit', 'settings_paymentGateway') },
        schema: {
          tags,
          summary: 'Save settings; each section sent replaces its fields; secrets are write-only',
          body: updateSettingsBody,
          response: { 200: dataOf(settingsSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.body) }),
    );
    app.patch(
      '/admin/settings/uiConfig',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Replace the current user’s interface configuration',
          body: patchUiConfigBody,
          response: { 200: dataOf(z.object({ uiConfig: uiConfigSchema })) },
        },
      },
      async (request) => ({
        data: { uiConfig: await employees.saveUiConfig(authOf(request), request.body.uiConfig) },
      }),
    );
  };
