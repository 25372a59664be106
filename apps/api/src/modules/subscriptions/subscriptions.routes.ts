import {
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
  programSubscriptionsQuery,
  subscriptionBody,
  subscriptionCancelBody,
  subscriptionListFields,
  subscriptionListItemSchema,
  subscriptionSchema,
  usableProgramsSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const tags = ['subscriptions'];

export const subscriptionsRoutes =
  (service: SubscriptionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/subscriptions',
      {
        config: { access: requireAny('subscriptions_find') },
        schema: {
          tags,
          summary:
            "Subscriptions, latest start first; `query` searches the customer's names and the product's",
          querystring: listQuery(subscriptionListFields),
          response: { 200: listResponse(subscriptionListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.post(
      '/admin/subscriptions',
      {
        config: { access: requireAny('subscriptions_create') },
        schema: {
          tags,
          summary:
            'Create a subscription (inactive until activated) of a customer to a subscription product; a payment periodicity that is not a whole number of its periods is refused (1000195)',
          body: subscriptionBody,
          response: { 201: dataOf(subscriptionSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/subscriptions/:id',
      {
        config: { access: requireAny('subscriptions_find') },
        schema: {
          tags,
          summary: 'One subscription with its payment periods and their orders',
          params: idParams,
          response: { 200: dataOf(subscriptionSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/subscriptions/:id',
      {
        config: { access: requireAny('subscriptions_edit') },
        schema: {
          tags,
          summary:
            'Change a subscription (the whole of it); an active one only changes its payment method (1000198)',
          params: idParams,
          body: subscriptionBody,
          response: { 200: dataOf(subscriptionSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/subscriptions/:id',
      {
        config: { access: requireAny('subscriptions_delete') },
        schema: {
          tags,
          summary:
            'Delete an inactive subscription with its periods (its orders stay); an active one is refused (1000198)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
    app.post(
      '/admin/subscriptions/:id/activate',
      {
        config: { access: requireAny('subscriptions_edit') },
        schema: {
          tags,
          summary:
            "Activate a subscription: its first period's order awaiting payment is placed, or none during the product's free trial (1000196 when active)",
          params: idParams,
          response: { 200: dataOf(subscriptionSchema) },
        },
      },
      async (request) => ({ data: await service.activate(authOf(request), request.params.id) }),
    );
    app.post(
      '/admin/subscriptions/:id/cancel',
      {
        config: { access: requireAny('subscriptions_edit') },
        schema: {
          tags,
          summary:
            'Cancel an active subscription, at once or at the end of the period charged (atPeriodEnd); 1000197 when inactive',
          params: idParams,
          body: subscriptionCancelBody,
          response: { 200: dataOf(subscriptionSchema) },
        },
      },
      async (request) => ({
        data: await service.cancel(authOf(request), request.params.id, request.body.atPeriodEnd),
      }),
    );

    app.get(
      '/admin/customers/:id/program-subscriptions',
      {
        config: { access: requireAny('bookings_create') },
        schema: {
          tags: ['customers'],
          summary:
            "The customer's active program subscriptions whose programme includes `productId`: a booking of it sent with one's id as subscriptionId is free (price 0, no order). `cancelAt` set: bookings starting from then are not",
          params: idParams,
          querystring: programSubscriptionsQuery,
          response: { 200: dataOf(usableProgramsSchema) },
        },
      },
      async (request) => ({
        data: await service.usablePrograms(authOf(request), request.params.id, request.query.productId),
      }),
    );
  };
