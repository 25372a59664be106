import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { PublicCompany } from '@mostrador/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRateLimit } from '../public/public.routes.js';
import { widgetHtml, widgetLanguage, widgetPolicy } from './widget-page.js';

/** A built file held in memory, with its precompressed forms when the build wrote them. */
interface Asset {
  type: string;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The built widget (apps/widget/dist): its loader, its page's template and its hashed assets. */
export interface WidgetDist {
  loader: Asset;
  template: string;
  assets: Map<string, Asset>;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

function readAsset(file: string): Asset {
  const body = readFileSync(file);
  const optional = (f: string) => (existsSync(f) ? readFileSync(f) : undefined);
  return {
    type: types[path.extname(file)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    body,
    br: optional(`${file}.br`),
    gzip: optional(`${file}.gz`),
  };
}

/**
 * The built widget read once at start (a few tens of KB), or undefined when it is not built: the
 * server then starts without the widget's routes. A new build is served after a restart.
 */
export function loadWidgetDist(dir: string): WidgetDist | undefined {
  const loader = path.join(dir, 'widget.js');
  const template = path.join(dir, 'index.html');
  if (!existsSync(loader) || !existsSync(template)) return undefined;
  const assets = new Map<string, Asset>();
  const assetsDir = path.join(dir, 'assets');
  if (existsSync(assetsDir))
    for (const name of readdirSync(assetsDir))
      if (!/\.(br|gz|map)$/.test(name)) assets.set(name, readAsset(path.join(assetsDir, name)));
  return { loader: readAsset(loader), template: readFileSync(template, 'utf8'), assets };
}

/** The asset's bytes in the best encoding the client accepts (br, gzip, else as is). */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, cacheControl: string) {
  reply.header('content-type', asset.type).header('cache-control', cacheControl).header('etag', asset.etag);
  reply.header('vary', 'accept-encoding').header('cross-origin-resource-policy', 'cross-origin');
  if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (asset.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(asset.br);
  if (asset.gzip && /\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/** What the widget's page needs of the public API: the company's face and its configured sites. */
export interface WidgetCompanies {
  company(licenseCode: string): Promise<PublicCompany>;
  corsOrigins(licenseCode: string): Promise<string[]>;
}

/**
 * The booking widget (issue 20), served by the API: the loader of the script-tag variant
 * (`/widget.js`, a stable address, revalidated), the app's hashed assets (cached for good) and its page
 * `/widget/{licenseCode}` for an active company (404 otherwise), with a policy of its own that lets only
 * the company's sites frame it. The page is rate limited per address and company as the public API is.
 */
export const widgetRoutes =
  (dist: WidgetDist, companies: WidgetCompanies, options: { publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, { global: false });
    app.get('/widget.js', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
      sendAsset(request, reply, dist.loader, 'no-cache'),
    );
    app.get(
      '/widget/assets/:file',
      { config: { access: 'public' }, schema: { hide: true, params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        const asset = dist.assets.get(request.params.file);
        if (!asset) return reply.status(404).header('cache-control', 'no-cache').send({ error: 'not found' });
        return sendAsset(request, reply, asset, 'public, max-age=31536000, immutable');
      },
    );
    app.get(
      '/widget/:licenseCode',
      {
        config: {
          access: 'public',
          rateLimit: {
            ...publicRateLimit,
            keyGenerator: (request: { ip: string; params: unknown }) =>
              `${request.ip} widget ${(request.params as { licenseCode?: string }).licenseCode ?? ''}`,
          },
        },
        schema: {
          hide: true,
          params: z.object({ licenseCode: z.string().trim().min(1).max(100) }),
          querystring: z.object({
            lang: z.string().max(10).optional().catch(undefined),
            manage: z.string().max(500).optional().catch(undefined),
          }),
        },
      },
      async (request, reply) => {
        const { licenseCode } = request.params;
        // 404 (the house's JSON) for an unknown, switched-off or platform license.
        const company = await companies.company(licenseCode);
        const frameOrigins = await companies.corsOrigins(licenseCode);
        const language = widgetLanguage(company, request.query.lang, request.headers['accept-language']);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-language')
          .header('content-security-policy', widgetPolicy(frameOrigins, options.publicUrl))
          .send(widgetHtml(dist.template, { language, licenseCode, company }));
      },
    );
  };
