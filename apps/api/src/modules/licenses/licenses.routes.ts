import {
  createLicenseBody,
  dataOf,
  idParams,
  licenseListFields,
  licenseListItemSchema,
  licenseSchema,
  listQuery,
  listResponse,
  okSchema,
  updateLicenseBody,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformOnly } from '../../plugins/auth.js';
import type { LicensesService } from './licenses.service.js';

const tags = ['licenses'];

export const licensesRoutes =
  (service: LicensesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/licenses',
      {
        config: { access: platformOnly('licenses_find') },
        schema: {
          tags,
          summary: 'Every license (platform only); `query` searches name and code',
          querystring: listQuery(licenseListFields),
          response: { 200: listResponse(licenseListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(request.query) }),
    );
    app.post(
      '/admin/licenses',
      {
        config: { access: platformOnly('licenses_create') },
        schema: {
          tags,
          summary: 'Create a license with its company settings and its first employee',
          body: createLicenseBody,
          response: { 201: dataOf(licenseSchema) },
        },
      },
      async (request, reply) => {
        const { license } = await service.create(request.body);
        return reply.status(201).send({ data: await service.get(license.id) });
      },
    );
    app.get(
      '/admin/licenses/:id',
      {
        config: { access: platformOnly('licenses_find') },
        schema: {
          tags,
          summary: 'One license (platform only)',
          params: idParams,
          response: { 200: dataOf(licenseSchema) },
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
    app.put(
      '/admin/licenses/:id',
      {
        config: { access: platformOnly('licenses_edit') },
        schema: {
          tags,
          summary: 'Change a license (platform only)',
          params: idParams,
          body: updateLicenseBody,
          response: { 200: dataOf(licenseSchema) },
        },
      },
      async (request) => ({ data: await service.update(request.params.id, request.body) }),
    );
    app.delete(
      '/admin/licenses/:id',
      {
        config: { access: platformOnly('licenses_delete') },
        schema: {
          tags,
          summary: 'Delete a license and everything it holds (platform only)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(request.params.id);
        return { data: { ok: true as const } };
      },
    );
  };
