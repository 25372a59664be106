import {
  type Customer,
  type CustomerListItem,
  type CustomerSummary,
  type CustomField,
  type customerBody,
  customFieldValueFits,
  type ListQuery,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import { assertOwned } from '../../lib/references.js';
import { type CustomerRow, type CustomerValues, createCustomersRepository } from './customers.repository.js';

type Body = z.output<typeof customerBody>;

const emailTaken = () => new AppError('customerEmailExists', [{ field: 'email', message: 'already exists' }]);

function toCustomer(row: CustomerRow, customFields: Customer['customFields']): Customer {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    company: row.company,
    vat: row.vat,
    email: row.email,
    phone: row.phone,
    birthdate: row.birthdate,
    gender: row.gender,
    street: row.street,
    streetNumber: row.streetNumber,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    notes: row.notes,
    image: row.image,
    language: (row.language as Customer['language']) ?? null,
    customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function valuesOf(body: Body): CustomerValues {
  return {
    name: body.name,
    surname: body.surname ?? null,
    company: body.company ?? null,
    vat: body.vat ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    birthdate: body.birthdate ?? null,
    gender: body.gender ?? null,
    street: body.street ?? null,
    streetNumber: body.streetNumber ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    postalCode: body.postalCode ?? null,
    country: body.country ?? null,
    notes: body.notes ?? null,
    image: body.image ?? null,
    language: body.language ?? null,
  };
}

export function createCustomersService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createCustomersRepository(db);

  async function checkCustomFields(licenseId: number, values: Body['customFields']) {
    const ids = [...new Set((values ?? []).map((v) => v.customFieldId))];
    const fields = new Map((await repo.customerFields(licenseId, ids)).map((f) => [f.id, f]));
    // Each value must read as its field's type: a number, a day, yes/no, one of the options.
    const wrong = (values ?? []).flatMap(({ customFieldId, value }) => {
      const field = fields.get(customFieldId);
      if (!field) return [{ field: `customFields.${customFieldId}`, message: 'unknown custom field' }];
      const definition = { type: field.type as CustomField['type'], options: field.options };
      return customFieldValueFits(definition, value)
        ? []
        : [{ field: `customFields.${customFieldId}`, message: `not a valid ${field.type} value` }];
    });
    if (wrong.length) throw new AppError('validation', wrong);
  }

  async function save(auth: AuthContext, body: Body, id?: number): Promise<number> {
    if (body.email) {
      const other = await repo.findByEmail(auth.licenseId, body.email);
      if (other && other.id !== id) throw emailTaken();
    }
    await checkCustomFields(auth.licenseId, body.customFields);
    // The image is a file the company uploaded; another company's file is unknown here.
    await assertOwned(db, auth.licenseId, [
      { field: 'image', table: 'file', image: true, id: body.image, what: 'file' },
    ]);
    try {
      return await db.transaction(async (tx) => {
        const r = createCustomersRepository(tx);
        const row =
          id === undefined
            ? await r.insert(auth.licenseId, valuesOf(body))
            : await r.update(auth.licenseId, id, valuesOf(body));
        if (!row) throw notFound();
        if (body.customFields) await r.setCustomFieldValues(auth.licenseId, row.id, body.customFields);
        return row.id;
      });
    } catch (error) {
      // Two saves with the same email at once: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items: CustomerListItem[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return pageOf(items, count, query);
    },
    async get(auth: AuthContext, id: number): Promise<Customer> {
      const row = await repo.find(auth.licenseId, id);
      if (!row) throw notFound();
      return toCustomer(row, await repo.customFieldValues(auth.licenseId, id));
    },
    /**
     * The figures of a customer's page: bookings with bookings_find, sales with orders_find (else null);
     * total spent = paid sales minus refunds, in cents. Another license's customer is not found.
     */
    async summary(auth: AuthContext, id: number, now = new Date()): Promise<CustomerSummary> {
      if (!(await repo.find(auth.licenseId, id))) throw notFound();
      const [bookingRow, orderRow] = await Promise.all([
        auth.permissions.has('bookings_find') ? repo.bookingFigures(auth.licenseId, id, now) : null,
        auth.permissions.has('orders_find') ? repo.orderFigures(auth.licenseId, id) : null,
      ]);
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        customerId: id,
        bookings: bookingRow && {
          upcoming: bookingRow.upcoming,
          past: bookingRow.past,
          attended: bookingRow.attended,
          notAttended: bookingRow.notAttended,
          cancelled: bookingRow.cancelled,
          nextBooking: iso(bookingRow.nextBooking),
          lastVisit: iso(bookingRow.lastVisit),
        },
        orders: orderRow && {
          orders: orderRow.orders,
          paidOrders: orderRow.paidOrders,
          refunds: orderRow.refunds,
          paidCents: Number(orderRow.paidCents),
          refundedCents: Number(orderRow.refundedCents),
          totalSpentCents: Number(orderRow.paidCents) - Number(orderRow.refundedCents),
          lastOrderAt: iso(orderRow.lastOrderAt),
        },
      };
    },
    async create(auth: AuthContext, body: Body) {
      return this.get(auth, await save(auth, body));
    },
    async update(auth: AuthContext, id: number, body: Body) {
      if (!(await repo.find(auth.licenseId, id))) throw notFound();
      return this.get(auth, await save(auth, body, id));
    },
    /**
     * A customer with bookings (any status) or orders stays: their foreign keys refuse the delete and the
     * error handler answers cannotDeleteCustomer (lib/db-errors.ts).
     */
    async remove(auth: AuthContext, id: number) {
      if (!(await repo.remove(auth.licenseId, id))) throw notFound();
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
