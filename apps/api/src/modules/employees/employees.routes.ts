import {
  createEmployeeBody,
  currentUserSchema,
  dataOf,
  employeeListFields,
  employeeListItemSchema,
  employeeSchema,
  idParams,
  listQuery,
  listResponse,
  okSchema,
  updateEmployeeBody,
  updateProfileBody,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, platformOnly, requireAny } from '../../plugins/auth.js';
import type { EmployeesService } from './employees.service.js';

const tags = ['employees'];

export const employeesRoutes =
  (service: EmployeesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/users/info',
      {
        config: { access: 'authenticated' },
        schema: { tags, summary: 'The current user', response: { 200: dataOf(currentUserSchema) } },
      },
      async (request) => ({ data: await service.info(authOf(request)) }),
    );

    app.patch(
      '/admin/users/info',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Edit one’s own profile; a new password needs the current one and ends the other sessions',
          body: updateProfileBody,
          response: { 200: dataOf(currentUserSchema) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        await service.updateProfile(auth, request.body);
        return { data: await service.info(auth) };
      },
    );

    app.get(
      '/admin/users',
      {
        config: { access: requireAny('employees_find') },
        schema: {
          tags,
          summary: 'Employees of the license; `query` searches name, email and username',
          querystring: listQuery(employeeListFields),
          response: { 200: listResponse(employeeListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );

    app.get(
      '/admin/licenses/:id/employees',
      {
        config: { access: platformOnly('licenses_loginAsUser') },
        schema: {
          tags: ['licenses'],
          summary:
            'Employees of any license, for support to pick whom to log in as; `query` searches name, email and username',
          params: idParams,
          querystring: listQuery(employeeListFields),
          response: { 200: listResponse(employeeListItemSchema) },
        },
      },
      async (request) => ({
        data: await service.listOfLicense(authOf(request), request.params.id, request.query),
      }),
    );

    app.post(
      '/admin/users',
      {
        config: { access: requireAny('employees_create') },
        schema: {
          tags,
          summary: 'Create an employee with his permission entries; he may grant only what the caller may',
          body: createEmployeeBody,
          response: { 201: dataOf(employeeSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );

    app.get(
      '/admin/users/:id',
      {
        config: { access: requireAny('employees_find') },
        schema: {
          tags,
          summary: 'One employee with his permission entries',
          params: idParams,
          response: { 200: dataOf(employeeSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );

    app.patch(
      '/admin/users/:id',
      {
        config: { access: requireAny('employees_edit') },
        schema: {
          tags,
          summary: 'Change an employee; only the fields sent change',
          params: idParams,
          body: updateEmployeeBody,
          response: { 200: dataOf(employeeSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/admin/users/:id',
      {
        config: { access: requireAny('employees_delete') },
        schema: { tags, summary: 'Delete an employee', params: idParams, response: { 200: okSchema } },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
  };
