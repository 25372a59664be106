import {
  dataOf,
  patchUiConfigBody,
  settingsSchema,
  uiConfigSchema,
  updateSettingsBody,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { EmployeesService } from '../employees/employees.service.js';
import type { SettingsService } from './settings.service.js';

const tags = ['settings'];

export const settingsRoutes =
  (service: SettingsService, employees: EmployeesService): FastifyPluginAsyncZod =>
  async (app) => {
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
