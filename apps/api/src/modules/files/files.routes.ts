import { dataOf, fileSchema, idParams, maxUploadBytes, resizeQuery, uploadQuery } from '@mostrador/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { sandboxPolicy } from '../../plugins/security-headers.js';
import type { FilesService } from './files.service.js';

const tags = ['files'];

/** `filename*` keeps accents and spaces of the original name (RFC 6266). */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A documented answer of raw bytes (never serialized: the handler sends a Buffer). */
const binaryAnswer = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

/**
 * The multipart field `file` and its bytes. A body that is not well-formed multipart (no or another
 * boundary, cut short, garbage) is `malformedUpload`; one over the size limit stays 413.
 */
async function readFilePart(request: FastifyRequest) {
  try {
    const part = await request.file({ limits: { fileSize: maxUploadBytes, files: 1 } });
    if (part?.fieldname !== 'file')
      throw new AppError('validation', [{ field: 'file', message: 'required' }]);
    return { part, data: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413) throw error;
    const message = error instanceof Error ? error.message : 'malformed multipart body';
    throw new AppError('malformedUpload', [{ field: 'file', message }]);
  }
}

export const filesRoutes =
  (service: FilesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/files',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary:
            'Upload one file (multipart field `file`, at most 10 MiB); its type is read from its bytes',
          querystring: uploadQuery,
          consumes: ['multipart/form-data'],
          response: { 201: dataOf(fileSchema) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        if (!request.isMultipart())
          throw new AppError('validation', [{ field: 'file', message: 'send multipart/form-data' }]);
        const { part, data } = await readFilePart(request);
        if (part.file.truncated)
          throw new AppError('payloadTooLarge', [{ field: 'file', message: 'at most 10 MiB' }]);
        if (!data.length) throw new AppError('validation', [{ field: 'file', message: 'empty' }]);
        // A part without `filename=` in its Content-Disposition has none (busboy leaves it undefined).
        const name = part.filename ?? '';
        const stored = await service.upload(auth, { name, data, kind: request.query.kind });
        return reply.status(201).send({ data: stored });
      },
    );

    app.get(
      '/admin/files/download/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'The file as uploaded, typed by its bytes, as an attachment',
          params: idParams,
          response: { 200: binaryAnswer('The bytes as uploaded', '*/*') },
        },
      },
      async (request, reply) => {
        const { file, data } = await service.download(authOf(request), request.params.id);
        // Opened in a tab anyway, an uploaded SVG or HTML file runs nothing in the app's origin.
        return reply
          .header('content-type', file.mimeType)
          .header('content-disposition', contentDisposition(file.name))
          .header('content-security-policy', sandboxPolicy)
          .header('cache-control', 'private, max-age=3600')
          .send(data);
      },
    );

    app.get(
      '/admin/files/resize/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary:
            'The image fitted in a square the app shows (32, 40, 64, 80, 96, 120, 240 or 360 px), as WebP',
          params: idParams,
          querystring: resizeQuery,
          response: { 200: binaryAnswer('The resized image', 'image/webp') },
        },
      },
      async (request, reply) => {
        const resized = await service.resize(authOf(request), request.params.id, request.query);
        return reply
          .header('content-type', resized.mimeType)
          .header('x-cache', resized.cached ? 'hit' : 'miss')
          .header('content-security-policy', sandboxPolicy)
          .header('cache-control', 'private, max-age=86400')
          .send(resized.data);
      },
    );
  };
