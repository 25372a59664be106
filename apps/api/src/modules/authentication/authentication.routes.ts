import { dataOf, loginBody, okSchema, supportLoginParams } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { authOf, platformOnly } from '../../plugins/auth.js';
import type { AuthenticationService } from './authentication.service.js';

export const authenticationRoutes =
  (service: AuthenticationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/authentication/employee-password-login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['authentication'],
          summary: 'Log in with license, username and password; answers the bearer token',
          body: loginBody,
          response: { 200: dataOf(z.string()) },
        },
      },
      async (request, reply) => {
        try {
          const token = await service.login(request.body as Required<typeof request.body>, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          return { data: token };
        } catch (error) {
          // A refused attempt says when to try again (RFC 9110 Retry-After, in seconds).
          const retry = (error as AppError).details as { retryAfterSeconds?: unknown } | undefined;
          if (error instanceof AppError && typeof retry?.retryAfterSeconds === 'number')
            reply.header('retry-after', String(retry.retryAfterSeconds));
          throw error;
        }
      },
    );

    app.get(
      '/admin/authentication/login-as-support/:userId',
      {
        config: { access: platformOnly('licenses_loginAsUser') },
        schema: {
          tags: ['authentication'],
          summary:
            'Open a session as an employee of any license, recorded in its audit log; answers the token',
          params: supportLoginParams,
          response: { 200: dataOf(z.string()) },
        },
      },
      async (request) => {
        const token = await service.loginAsSupport(authOf(request), request.params.userId, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return { data: token };
      },
    );

    app.post(
      '/admin/authentication/logout',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['authentication'], summary: 'End the current session', response: { 200: okSchema } },
      },
      async (request) => {
        await service.logout(authOf(request));
        return { data: { ok: true as const } };
      },
    );
  };
