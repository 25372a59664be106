import {
  annulInvoiceBody,
  chainCheckSchema,
  createInvoiceBody,
  dataOf,
  idParams,
  invoiceListItemSchema,
  invoiceListQuery,
  invoiceSchema,
  invoicingReportQuery,
  invoicingReportSchema,
  listResponse,
  mailInvoiceBody,
  mailSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { authOf, requireAny } from '../../plugins/auth.js';
import { invoicePdf, mailInvoice } from '../../workflows/invoice-document.js';
import { annulInvoice, issueInvoice } from '../../workflows/issue-invoice.js';
import type { FileStorage } from '../files/file-storage.js';
import type { MailComposer } from '../mails/mail-composer.js';
import { reportRoute } from '../reports/report-route.js';
import { checkChain } from './chain-check.js';
import type { InvoicesService } from './invoices.service.js';

const tags = ['invoices'];

export const invoicesRoutes =
  (
    db: Db,
    service: InvoicesService,
    storage: FileStorage,
    composer: Pick<MailComposer, 'invoiceMail'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const documents = { db, invoices: service, storage };
    app.post(
      '/admin/verifactu/check',
      {
        config: { access: requireAny('settings_paymentGateway') },
        schema: {
          tags,
          summary:
            'Recompute the company’s chain of Verifactu records (every huella and link) and report the first break',
          response: { 200: dataOf(chainCheckSchema) },
        },
      },
      async (request) => ({ data: await checkChain(db, authOf(request).licenseId) }),
    );
    reportRoute(app, {
      url: '/admin/reports/invoicing-by-product',
      access: requireAny('orders_find'),
      summary:
        'Invoiced amounts per product and month of a year (not annulled; rectifying invoices subtract; a simplified invoice replaced by an F3 counts once); `format=csv` answers a spreadsheet (`;`, decimal commas), `format=xlsx` an Excel workbook (amounts as numbers in euros)',
      querystring: invoicingReportQuery,
      data: invoicingReportSchema,
      report: (auth, { year }) => service.report(auth, year),
      file: (auth, { year }, format) => service.reportFile(auth, year, format),
    });
    app.get(
      '/admin/invoices/:id/pdf',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary:
            'The invoice as a PDF (with its Verifactu QR), rendered once and kept; an annulled one is marked so',
          params: idParams,
        },
      },
      async (request, reply) => {
        const pdf = await invoicePdf(documents, authOf(request).licenseId, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.filename}"`)
          .send(pdf.data);
      },
    );
    app.post(
      '/admin/invoices/:id/mail',
      {
        config: { access: requireAny('orders_edit') },
        schema: {
          tags,
          summary:
            'Send the invoice by email through the outbox, its PDF attached: to its customer, or to a customer’s address (404 1000032 otherwise); 409 1000143 without an address, 1000152 when annulled',
          params: idParams,
          body: mailInvoiceBody,
          response: { 201: dataOf(mailSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await mailInvoice(
            { ...documents, composer },
            authOf(request),
            request.params.id,
            request.body.email,
          ),
        }),
    );
    app.post(
      '/admin/orders/:id/invoice',
      {
        config: { access: requireAny('orders_edit') },
        schema: {
          tags,
          summary:
            'Issue the full invoice of a paid sale (F1, or F3 replacing its simplified invoice); the customer needs a tax id (409 1000147, 1000148 without a customer), `customerId` sets the order’s customer now; 409 1000145 not paid, 1000146 already invoiced, 1000149 billing data missing',
          params: idParams,
          body: createInvoiceBody,
          response: { 201: dataOf(invoiceSchema) },
        },
      },
      async (request, reply) => {
        const invoice = await issueInvoice(
          { db, invoices: service },
          authOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data: invoice });
      },
    );
    app.get(
      '/admin/orders/:id/invoices',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary: 'The invoices of an order (a refund’s: its rectifying invoice), oldest first',
          params: idParams,
          response: { 200: dataOf(z.array(invoiceSchema)) },
        },
      },
      async (request) => ({ data: await service.ofOrder(authOf(request), request.params.id) }),
    );
    app.get(
      '/admin/invoices',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary:
            'Issued invoices, newest first; `query` searches the code and the recipient’s name and tax id',
          querystring: invoiceListQuery,
          response: { 200: listResponse(invoiceListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.get(
      '/admin/invoices/:id',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary: 'One invoice with its lines, taxes, annulment and Verifactu records',
          params: idParams,
          response: { 200: dataOf(invoiceSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.post(
      '/admin/invoices/:id/annul',
      {
        config: { access: requireAny('orders_edit') },
        schema: {
          tags,
          summary:
            'Annul an invoice issued by mistake: its number stays used, its Verifactu anulación record is written, and the order may be invoiced again; 409 1000152 already annulled, 1000153 with rectifying invoices',
          params: idParams,
          body: annulInvoiceBody,
          response: { 200: dataOf(invoiceSchema) },
        },
      },
      async (request) => ({
        data: await annulInvoice(
          { db, invoices: service },
          authOf(request),
          request.params.id,
          request.body.reason,
        ),
      }),
    );
  };
