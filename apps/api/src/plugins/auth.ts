import type { Permission } from '@mostrador/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';

/**
 * What a route demands: nothing, a session, or a session holding at least one of the permissions.
 * `platform: true` also demands the caller's license to be the platform license.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | { anyOf: readonly Permission[]; platform?: boolean }
  | { allOf: readonly Permission[]; platform?: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route's declared access rule, in registration order: the permission-matrix test walks it. */
    routeAccess: readonly RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export type Authenticate = (token: string) => Promise<AuthContext | null>;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function hasAccess(auth: AuthContext, access: Exclude<Access, 'public' | 'authenticated'>): boolean {
  if (access.platform && !auth.isPlatform) return false;
  if ('anyOf' in access) return access.anyOf.some((p) => auth.permissions.has(p));
  return access.allOf.every((p) => auth.permissions.has(p));
}

/** The route guard: every `/v1` route declares `config.access`; a route without one fails at start. */
export function registerAuth(app: FastifyInstance, authenticate: Authenticate) {
  app.decorateRequest('auth', null);
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/v1') && !access) {
      throw new Error(`route ${route.method} ${route.url} declares no access rule`);
    }
    if (!access) return;
    for (const method of [route.method].flat()) routeAccess.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = bearerToken(request);
    if (token) request.auth = await authenticate(token);
    if (access === 'public') return;
    if (!request.auth) throw new AppError('unauthenticated');
    if (access === 'authenticated') return;
    if (!hasAccess(request.auth, access)) throw new AppError('forbidden');
  });
}

/** The caller's context on a route that demands a session. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

export const requireAny = (...anyOf: Permission[]): Access => ({ anyOf });
export const requireAll = (...allOf: Permission[]): Access => ({ allOf });
export const platformOnly = (...anyOf: Permission[]): Access => ({ anyOf, platform: true });
