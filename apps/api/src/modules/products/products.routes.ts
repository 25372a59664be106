import {
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
  productBody,
  productListFields,
  productListItemSchema,
  productSchema,
  productTranslationListFields,
  productTranslationListItemSchema,
  productTranslationListQuery,
  productTranslationsBody,
  productTranslationsPatchBody,
  productTranslationsSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { ProductsService } from './products.service.js';

const tags = ['products'];

export const productsRoutes =
  (service: ProductsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/products',
      {
        config: { access: requireAny('products_find') },
        schema: {
          tags,
          summary: 'Products, by name in the main language; `query` searches name, reference and description',
          querystring: listQuery(productListFields),
          response: { 200: listResponse(productListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.post(
      '/admin/products',
      {
        config: { access: requireAny('products_create') },
        schema: {
          tags,
          summary: 'Create a product',
          body: productBody,
          response: { 201: dataOf(productSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/products/:id',
      {
        config: { access: requireAny('products_find') },
        schema: { tags, summary: 'One product', params: idParams, response: { 200: dataOf(productSchema) } },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/products/:id',
      {
        config: { access: requireAny('products_edit') },
        schema: {
          tags,
          summary: 'Change a product',
          params: idParams,
          body: productBody,
          response: { 200: dataOf(productSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/products/:id',
      {
        config: { access: requireAny('products_delete') },
        schema: {
          tags,
          summary: 'Delete a product; one used in orders or bookings is refused (409)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
    app.get(
      '/admin/products/:id/translations',
      {
        config: { access: requireAny('products_find') },
        schema: {
          tags,
          summary: 'One entry per interface language; the main language’s is the product’s name',
          params: idParams,
          response: { 200: dataOf(productTranslationsSchema) },
        },
      },
      async (request) => ({ data: await service.getTranslations(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/products/:id/translations',
      {
        config: { access: requireAny('products_edit') },
        schema: {
          tags,
          summary: 'Replace the product’s translations, one entry per interface language',
          params: idParams,
          body: productTranslationsBody,
          response: { 200: dataOf(productTranslationsSchema) },
        },
      },
      async (request) => ({
        data: await service.putTranslations(authOf(request), request.params.id, request.body),
      }),
    );
    app.patch(
      '/admin/products/:id/translations',
      {
        config: { access: requireAny('products_edit') },
        schema: {
          tags,
          summary:
            'Changes the languages sent, keeps the others; an entry without texts removes that language',
          params: idParams,
          body: productTranslationsPatchBody,
          response: { 200: dataOf(productTranslationsSchema) },
        },
      },
      async (request) => ({
        data: await service.patchTranslations(authOf(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/admin/product-translations',
      {
        config: { access: requireAny('products_edit') },
        schema: {
          tags,
          summary:
            "One language's texts of every product beside the main language's (the translation screen); filter `translated`",
          querystring: listQuery(productTranslationListFields).and(productTranslationListQuery),
          response: { 200: listResponse(productTranslationListItemSchema) },
        },
      },
      async (request) => {
        const { language, ...query } = request.query;
        return { data: await service.listTranslations(authOf(request), language, query) };
      },
    );
  };
