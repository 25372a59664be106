import {
  dataOf,
  patchUiConfigBody,
  settingsSchema,
  uiConfigSchema,
  updateSettingsBody,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
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
        // General settings are always available (spec §2); gateway and mail sections need settings_paymentGateway.
        config: { access: 'authenticated' },
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
