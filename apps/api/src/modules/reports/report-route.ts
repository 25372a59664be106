import { dataOf } from '@mostrador/contract';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context.js';
import { type Access, authOf } from '../../plugins/auth.js';
import type { ReportFile, ReportFormat } from './bookings-report-sheets.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A report's query string: `format` json or absent answers JSON, csv or xlsx a file. */
type ReportQuery = z.ZodType<{ format?: 'json' | ReportFormat | undefined }>;

export interface ReportRoute<Q extends ReportQuery, R extends z.ZodType> {
  url: string;
  access: Access;
  summary: string;
  querystring: Q;
  /** The schema of the JSON answer's `data` (the answer is `{ data }`). */
  data: R;
  report: (auth: AuthContext, query: z.output<Q>) => Promise<z.output<R>>;
  /** The same report as a file (see sheetsFile). */
  file: (auth: AuthContext, query: z.output<Q>, format: ReportFormat) => Promise<ReportFile>;
}

/**
 * `GET url` under the `reports` tag: a report that answers `{ data }`, or with `format=csv|xlsx` the same
 * report as an attachment (its content type, `content-disposition` and bytes). The bookings, sales,
 * supplier settlement and invoicing-by-product reports are such routes.
 */
export function reportRoute<Q extends ReportQuery, R extends z.ZodType>(app: App, route: ReportRoute<Q, R>) {
  // Typed as FastifySchema: the provider cannot resolve a generic schema's types; `route` carries them.
  const schema: FastifySchema = {
    tags: ['reports'],
    summary: route.summary,
    querystring: route.querystring,
    response: { 200: dataOf(route.data) },
  };
  app.get(route.url, { config: { access: route.access }, schema }, async (request, reply) => {
    const auth = authOf(request);
    const query = request.query as z.output<Q>;
    const { format } = query;
    if (format === 'csv' || format === 'xlsx') {
      const file = await route.file(auth, query, format);
      return reply.type(file.contentType).header('content-disposition', file.disposition).send(file.body);
    }
    return { data: await route.report(auth, query) };
  });
}
