import { ErrorCode } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookable,
  createAnomaly,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  createTax,
  type Owner,
  weekdaysOnly,
} from './factories.js';
import { buildTestApp, call, createEmployee, createLicense, type TestApp } from './helpers.js';
import { created, openRegister } from './sales-fixtures.js';

/**
 * Contract §2: every record belongs to one license and a request only ever sees its own license's
 * records; another license's record answers 404, as if it did not exist.
 */
let t: TestApp;
interface Tenant {
  owner: Owner;
  customers: { id: number }[];
  employees: { id: number; username: string; token: string }[];
  taxes: { id: number }[];
  calendars: { id: number }[];
  /** One anomaly on each calendar, in calendar order. */
  anomalies: { id: number }[];
  /** A bookable product on the first calendar. */
  products: { id: number }[];
  /** Bookings of the first product on the first calendar, one per customer. */
  bookings: { id: number; startsAt: string }[];
  /** The open cash register. */
  registerId: number;
  /** A cash sale of the first product to the first customer. */
  orders: { id: number }[];
}
let a: Tenant;
let b: Tenant;

async function tenant(label: string): Promise<Tenant> {
  const owner = await createLicense(t);
  const { token } = owner;
  const customers = [];
  for (const [i, name] of ['Ana', 'Bea', 'Carla'].entries()) {
    customers.push(
      await createCustomer(t, token, {
        name: `${name} ${label}`,
        email: `${name.toLowerCase()}@shared.example.es`,
        phone: `+3460000000${i}`,
      }),
    );
  }
  const employees = [];
  for (let i = 0; i < 2; i++) {
    employees.push(
      await createEmployee(t, owner.code, token, [{ scope: 'can_do', permission: 'customers_find' }]),
    );
  }
  const taxes = [
    await createTax(t, token, { name: `IVA ${label}`, percentage: 21 }),
    await createTax(t, token, { name: `IVA reducido ${label}`, percentage: 10 }),
  ];
  const calendars = [];
  const anomalies = [];
  for (const name of [`Sala de masajes ${label}`, `Circuito termal ${label}`]) {
    const calendar = await createCalendar(t, token, {
      name,
      duration: 30,
      schedule: weekdaysOnly([{ openAt: '09:00', closedAt: '14:00' }]),
    });
    calendars.push(calendar);
    anomalies.push(
      await createAnomaly(t, token, calendar.id, {
        type: 'close',
        startDate: '2026-12-25',
        endDate: '2026-12-26',
        reason: `Navidad ${label}`,
      }),
    );
  }
  const products = [
    await createProduct(t, token, {
      taxId: taxes[0]!.id,
      name: `Masaje ${label}`,
      price: 45,
      ...bookable(60),
      bookingCalendarId: calendars[0]!.id,
    }),
  ];
  const bookings = [];
  for (const [i, customer] of customers.entries()) {
    // Mondays in 2027: the calendars are open on weekday mornings.
    bookings.push(
      await createBooking(t, token, {
        bookingCalendarId: calendars[0]!.id,
        productId: products[0]!.id,
        customerId: customer.id,
        startsAt: `2027-03-${String(1 + 7 * i).padStart(2, '0')}T10:00`,
        notes: `Reserva ${label}`,
      }),
    );
  }
  const registerId = await openRegister(t, token, 100);
  const order = await created(
    await call(t, 'POST', '/v1/admin/orders', {
      token,
      payload: {
        customerId: customers[0]!.id,
        status: 'paid',
        paymentMethod: 'cash',
        notes: `Venta ${label}`,
        lines: [{ productId: products[0]!.id, quantity: 1, unitPrice: 45 }],
      },
    }),
  );
  return {
    owner,
    customers,
    employees,
    taxes,
    calendars,
    anomalies,
    products,
    bookings,
    registerId,
    orders: [order],
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await tenant('A');
  b = await tenant('B');
});
afterAll(() => t.close());

/** What B holds, read with B's own token. */
async function snapshotOfB() {
  const get = async (path: string) => {
    const res = await call(t, 'GET', path, { token: b.owner.token });
    expect(res.status, path).toBe(200);
    return res.body.data;
  };
  return {
    customers: await Promise.all(b.customers.map((c) => get(`/v1/admin/customers/${c.id}`))),
    employees: await Promise.all(
      [b.owner.admin.id, ...b.employees.map((e) => e.id)].map((id) => get(`/v1/admin/users/${id}`)),
    ),
    taxes: await Promise.all(b.taxes.map((x) => get(`/v1/admin/taxes/${x.id}`))),
    calendars: await Promise.all(b.calendars.map((c) => get(`/v1/admin/booking-calendars/${c.id}`))),
    anomalies: await Promise.all(
      b.calendars.map((c) => get(`/v1/admin/booking-calendars/${c.id}/schedule-anomalies`)),
    ),
    calendarList: await get('/v1/admin/booking-calendars?limit=500'),
    bookings: await Promise.all(b.bookings.map((x) => get(`/v1/admin/bookings/${x.id}`))),
    bookingList: await get('/v1/admin/bookings?limit=500'),
    availability: await get(
      `/v1/admin/booking-calendars/${b.calendars[0]!.id}/availability?from=2027-03-01&to=2027-03-16&productId=${b.products[0]!.id}`,
    ),
    customerList: await get('/v1/admin/customers?limit=500'),
    orders: await Promise.all(b.orders.map((o) => get(`/v1/admin/orders/${o.id}`))),
    orderList: await get('/v1/admin/orders?limit=500'),
    register: await get(`/v1/admin/cash-register/${b.registerId}`),
    openRegister: await get('/v1/admin/cash-register/open'),
    registerList: await get('/v1/admin/cash-register?limit=500'),
    employeeList: await get('/v1/admin/users?limit=500'),
    taxList: await get('/v1/admin/taxes?limit=500'),
    settings: await get('/v1/admin/settings'),
    info: await get('/v1/admin/users/info'),
  };
}

function expectNotFound(res: { status: number; body: { error: { code: number } } }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body.error.code, what).toBe(ErrorCode.notFound);
}

describe('one license never reaches another’s records', () => {
  it('answers 404 to every customer, employee and tax route on B’s ids, and B is unchanged', async () => {
    const before = await snapshotOfB();
    const token = a.owner.token;
    for (const c of b.customers) {
      const path = `/v1/admin/customers/${c.id}`;
      expectNotFound(await call(t, 'GET', path, { token }), `GET ${path}`);
      expectNotFound(
        await call(t, 'PUT', path, { token, payload: { name: 'Stolen', email: 'stolen@example.es' } }),
        `PUT ${path}`,
      );
      expectNotFound(await call(t, 'DELETE', path, { token }), `DELETE ${path}`);
    }
    for (const id of [b.owner.admin.id, ...b.employees.map((e) => e.id)]) {
      const path = `/v1/admin/users/${id}`;
      expectNotFound(await call(t, 'GET', path, { token }), `GET ${path}`);
      for (const payload of [
        { name: 'Stolen' },
        { password: 'taken-over-1' },
        { enabled: false },
        { permissions: [{ scope: 'can_do', permission: 'employees_delete' }] },
      ]) {
        expectNotFound(
          await call(t, 'PATCH', path, { token, payload }),
          `PATCH ${path} ${JSON.stringify(payload)}`,
        );
      }
      expectNotFound(await call(t, 'DELETE', path, { token }), `DELETE ${path}`);
    }
    for (const x of b.taxes) {
      const path = `/v1/admin/taxes/${x.id}`;
      expectNotFound(await call(t, 'GET', path, { token }), `GET ${path}`);
      expectNotFound(
        await call(t, 'PUT', path, { token, payload: { name: 'Stolen', percentage: 0 } }),
        `PUT ${path}`,
      );
      expectNotFound(await call(t, 'DELETE', path, { token }), `DELETE ${path}`);
    }
    expect(await snapshotOfB()).toEqual(before);
    // B's employees still log in and work.
    for (const e of b.employees) {
      expect((await call(t, 'GET', '/v1/admin/users/info', { token: e.token })).status).toBe(200);
    }
  });

  it('answers 404 to every calendar and anomaly route on B’s ids, and B is unchanged', async () => {
    const before = await snapshotOfB();
    const token = a.owner.token;
    const calendarBody = {
      name: 'Stolen',
      duration: 15,
      schedule: {
        monday: [],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
        saturday: [],
        sunday: [{ openAt: '00:00', closedAt: '24:00' }],
      },
    };
    const anomalyBody = { type: 'open', startDate: '2026-12-25T10:00', endDate: '2026-12-25T12:00' };
    for (const [i, c] of b.calendars.entries()) {
      const path = `/v1/admin/booking-calendars/${c.id}`;
      expectNotFound(await call(t, 'GET', path, { token }), `GET ${path}`);
      expectNotFound(await call(t, 'PUT', path, { token, payload: calendarBody }), `PUT ${path}`);
      expectNotFound(await call(t, 'DELETE', path, { token }), `DELETE ${path}`);
      const anomalies = `${path}/schedule-anomalies`;
      expectNotFound(await call(t, 'GET', anomalies, { token }), `GET ${anomalies}`);
      expectNotFound(
        await call(t, 'GET', anomalies, { token, query: { filters: '{"type":{"eq":"close"}}' } }),
        `GET ${anomalies} filtered`,
      );
      expectNotFound(await call(t, 'POST', anomalies, { token, payload: anomalyBody }), `POST ${anomalies}`);
      const anomaly = `${anomalies}/${b.anomalies[i]!.id}`;
      expectNotFound(await call(t, 'DELETE', anomaly, { token }), `DELETE ${anomaly}`);
      // B's anomaly through A's own calendar.
      const throughA = `/v1/admin/booking-calendars/${a.calendars[i]!.id}/schedule-anomalies/${b.anomalies[i]!.id}`;
      expectNotFound(await call(t, 'DELETE', throughA, { token }), `DELETE ${throughA}`);
    }
    // A product of A cannot be booked on B's calendar.
    const product = await call(t, 'POST', '/v1/admin/products', {
      token,
      payload: {
        name: 'Masaje',
        type: 'bookable',
        price: 45,
        taxType: a.taxes[0]!.id,
        durationInMinutes: 60,
        bookingCalendarId: b.calendars[0]!.id,
      },
    });
    expect(product.status).toBe(400);
    expect(product.body.error.details).toEqual([{ field: 'bookingCalendarId', message: expect.any(String) }]);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 to every booking route on B’s ids, refuses B’s records in A’s bookings, and B is unchanged', async () => {
    const before = await snapshotOfB();
    const token = a.owner.token;
    const mine = a.bookings[0]!;
    const body = (over: Record<string, unknown> = {}) => ({
      bookingCalendarId: a.calendars[0]!.id,
      customerId: a.customers[0]!.id,
      startsAt: '2027-03-29T12:00',
      quantity: 1,
      price: 1,
      overrideRescheduleRules: true,
      ...over,
    });
    for (const x of b.bookings) {
      const path = `/v1/admin/bookings/${x.id}`;
      expectNotFound(await call(t, 'GET', path, { token }), `GET ${path}`);
      expectNotFound(await call(t, 'PUT', path, { token, payload: body() }), `PUT ${path}`);
      expectNotFound(await call(t, 'DELETE', path, { token }), `DELETE ${path}`);
      expectNotFound(await call(t, 'POST', `${path}/attended`, { token }), `POST ${path}/attended`);
      expectNotFound(await call(t, 'POST', `${path}/unattended`, { token }), `POST ${path}/unattended`);
    }
    for (const c of b.calendars) {
      const path = `/v1/admin/booking-calendars/${c.id}/availability`;
      expectNotFound(
        await call(t, 'GET', path, {
          token,
          query: { from: '2027-03-01', to: '2027-03-08', productId: String(a.products[0]!.id) },
        }),
        `GET ${path}`,
      );
    }
    const fields = (res: { status: number; body: { error: { details?: { field: string }[] } } }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return (res.body.error.details ?? []).map((d) => d.field).sort();
    };
    // B's calendar, product and customer are unknown in A's bookings.
    expect(
      fields(
        await call(t, 'POST', '/v1/admin/bookings', {
          token,
          payload: {
            bookingCalendarId: b.calendars[0]!.id,
            productId: b.products[0]!.id,
            customerId: b.customers[0]!.id,
            startsAt: '2027-03-29T12:00',
          },
        }),
      ),
    ).toEqual(['bookingCalendarId', 'customerId', 'productId']);
    const put = (over: Record<string, unknown>) =>
      call(t, 'PUT', `/v1/admin/bookings/${mine.id}`, { token, payload: body(over) });
    expect(fields(await put({ bookingCalendarId: b.calendars[1]!.id }))).toEqual(['bookingCalendarId']);
    expect(fields(await put({ customerId: b.customers[0]!.id }))).toEqual(['customerId']);
    expect(
      fields(
        await call(t, 'GET', `/v1/admin/booking-calendars/${a.calendars[0]!.id}/availability`, {
          token,
          query: { from: '2027-03-01', to: '2027-03-08', productId: String(b.products[0]!.id) },
        }),
      ),
    ).toEqual(['productId']);
    // B's bookings take no room on A's calendar, nor A's on B's.
    const availability = await call(
      t,
      'GET',
      `/v1/admin/booking-calendars/${a.calendars[0]!.id}/availability`,
      {
        token,
        query: { from: '2027-03-01', to: '2027-03-02', productId: String(a.products[0]!.id) },
      },
    );
    expect(availability.status).toBe(200);
    expect(
      availability.body.data.items.filter((i: { freeSpaces: number }) => i.freeSpaces === 0).length,
    ).toBeGreaterThan(0);
    expect(
      (await call(t, 'GET', `/v1/admin/bookings/${mine.id}`, { token })).body.data.bookingCalendarId,
    ).toBe(a.calendars[0]!.id);
    // Deleting A's customer or product is not stopped (nor allowed) by B's bookings.
    expectNotFound(
      await call(t, 'DELETE', `/v1/admin/products/${b.products[0]!.id}`, { token }),
      'DELETE B product',
    );
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 to every order and cash register route on B’s ids, refuses B’s records in A’s orders, and B is unchanged', async () => {
    const before = await snapshotOfB();
    const token = a.owner.token;
    const body = {
      status: 'paid',
      paymentMethod: 'cash',
      lines: [{ productId: a.products[0]!.id, quantity: 1, unitPrice: 1 }],
    };
    for (const o of b.orders) {
      const path = `/v1/admin/orders/${o.id}`;
      expectNotFound(await call(t, 'GET', path, { token }), `GET ${path}`);
      expectNotFound(await call(t, 'PUT', path, { token, payload: body }), `PUT ${path}`);
      expectNotFound(await call(t, 'DELETE', path, { token }), `DELETE ${path}`);
    }
    const register = await call(t, 'GET', `/v1/admin/cash-register/${b.registerId}`, { token });
    expect(register.status).toBe(404);
    expect(register.body.error.code).toBe(ErrorCode.cashRegisterNotFound);
    // B's customer and product are unknown to A.
    const stolen = await call(t, 'POST', '/v1/admin/orders', {
      token,
      payload: {
        ...body,
        customerId: b.customers[0]!.id,
        lines: [{ productId: b.products[0]!.id, quantity: 1, unitPrice: 1 }],
      },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'customerId',
      'lines.0.productId',
    ]);
    // A's register is A's: closing it leaves B's open.
    const closed = await call(t, 'PATCH', '/v1/admin/cash-register/close', {
      token,
      payload: { notes: 'A', countedCash: 0 },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data.id).toBe(a.registerId);
    expect((await call(t, 'GET', '/v1/admin/orders?limit=500', { token })).body.data.items).toEqual([
      expect.objectContaining({ id: a.orders[0]!.id }),
    ]);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers the same 404 as for an id that does not exist', async () => {
    const foreign = await call(t, 'GET', `/v1/admin/customers/${b.customers[0]!.id}`, {
      token: a.owner.token,
    });
    const missing = await call(t, 'GET', '/v1/admin/customers/2000000000', { token: a.owner.token });
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body).toEqual(missing.body);
  });

  it('never lists B’s records in A’s lists, whatever the query, filters or sort', async () => {
    const token = a.owner.token;
    const ids = async (path: string, query: Record<string, string> = {}) => {
      const res = await call(t, 'GET', path, { token, query: { limit: '500', ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.items as { id: number }[]).map((x) => x.id).sort((x, y) => x - y);
    };
    const sorted = (list: { id: number }[]) => list.map((x) => x.id).sort((x, y) => x - y);
    const customersOfA = sorted(a.customers);
    const employeesOfA = [a.owner.admin.id, ...a.employees.map((e) => e.id)].sort((x, y) => x - y);
    const taxesOfA = sorted(a.taxes);

    expect(await ids('/v1/admin/customers')).toEqual(customersOfA);
    expect(await ids('/v1/admin/customers', { query: 'shared.example' })).toEqual(customersOfA);
    for (const name of ['Ana B', 'Bea B', 'Carla B']) {
      expect(await ids('/v1/admin/customers', { query: name }), name).toEqual([]);
    }
    expect(await ids('/v1/admin/customers', { orders: '{"id":"desc"}' })).toEqual(customersOfA);
    expect(
      await ids('/v1/admin/customers', { filters: JSON.stringify({ id: { in: sorted(b.customers) } }) }),
    ).toEqual([]);
    expect(await ids('/v1/admin/customers', { filters: JSON.stringify({ id: { gte: 1 } }) })).toEqual(
      customersOfA,
    );

    expect(await ids('/v1/admin/users')).toEqual(employeesOfA);
    expect(await ids('/v1/admin/users', { query: b.employees[0]!.username })).toEqual([]);
    expect(
      await ids('/v1/admin/users', { filters: JSON.stringify({ id: { in: b.employees.map((e) => e.id) } }) }),
    ).toEqual([]);

    expect(await ids('/v1/admin/taxes')).toEqual(taxesOfA);
    expect(await ids('/v1/admin/taxes', { query: 'IVA' })).toEqual(taxesOfA);
    expect(
      await ids('/v1/admin/taxes', { filters: JSON.stringify({ id: { in: sorted(b.taxes) } }) }),
    ).toEqual([]);

    const calendarsOfA = sorted(a.calendars);
    expect(await ids('/v1/admin/booking-calendars')).toEqual(calendarsOfA);
    expect(await ids('/v1/admin/booking-calendars', { query: 'Sala de masajes' })).toEqual([
      a.calendars[0]!.id,
    ]);
    expect(await ids('/v1/admin/booking-calendars', { query: 'B' })).toEqual([]);
    expect(
      await ids('/v1/admin/booking-calendars', {
        filters: JSON.stringify({ id: { in: sorted(b.calendars) } }),
      }),
    ).toEqual([]);
    for (const [i, c] of a.calendars.entries()) {
      const path = `/v1/admin/booking-calendars/${c.id}/schedule-anomalies`;
      expect(await ids(path)).toEqual([a.anomalies[i]!.id]);
      expect(await ids(path, { filters: JSON.stringify({ id: { in: sorted(b.anomalies) } }) })).toEqual([]);
      expect(await ids(path, { query: 'Navidad B' })).toEqual([]);
    }

    const bookingsOfA = sorted(a.bookings);
    expect(await ids('/v1/admin/bookings')).toEqual(bookingsOfA);
    expect(await ids('/v1/admin/bookings', { query: 'shared.example' })).toEqual(bookingsOfA);
    expect(await ids('/v1/admin/bookings', { query: 'Ana B' })).toEqual([]);
    expect(await ids('/v1/admin/bookings', { query: 'Masaje B' })).toEqual([]);
    expect(await ids('/v1/admin/bookings', { orders: '{"customerName":"asc"}' })).toEqual(bookingsOfA);
    for (const filters of [
      { id: { in: sorted(b.bookings) } },
      { bookingCalendarId: { eq: b.calendars[0]!.id } },
      { productId: { eq: b.products[0]!.id } },
      { customerId: { in: sorted(b.customers) } },
      { notes: { like: 'Reserva B' } },
      { calendarName: { like: ' B' } },
    ]) {
      expect(
        await ids('/v1/admin/bookings', { filters: JSON.stringify(filters) }),
        JSON.stringify(filters),
      ).toEqual([]);
    }
    expect(
      await ids('/v1/admin/bookings', { filters: JSON.stringify({ date: { gte: '2027-01-01' } }) }),
    ).toEqual(bookingsOfA);

    const totals = await call(t, 'GET', '/v1/admin/customers', { token });
    expect(totals.body.data.total).toBe(a.customers.length);
  });

  it('PATCH /admin/users/info and PUT /admin/settings only touch A', async () => {
    const before = await snapshotOfB();
    const employee = a.employees[0]!;
    const profile = await call(t, 'PATCH', '/v1/admin/users/info', {
      token: employee.token,
      payload: { name: 'Renamed in A', email: 'renamed@a.example.es' },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      id: employee.id,
      name: 'Renamed in A',
      licenseId: a.owner.license.id,
    });

    const settings = await call(t, 'PUT', '/v1/admin/settings', {
      token: a.owner.token,
      payload: { companyName: 'Empresa A', city: 'Bilbao', locale: 'eu' },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({ companyName: 'Empresa A', city: 'Bilbao', locale: 'eu' });
    const ui = await call(t, 'PATCH', '/v1/admin/settings/uiConfig', {
      token: a.owner.token,
      payload: { uiConfig: { calendar: { view: 'timeGridWeek' } } },
    });
    expect(ui.status, JSON.stringify(ui.body)).toBe(200);
    expect(
      (await call(t, 'GET', '/v1/admin/users/info', { token: a.owner.token })).body.data.uiConfig,
    ).toEqual({
      calendar: { view: 'timeGridWeek' },
    });

    expect(await snapshotOfB()).toEqual(before);
    expect((await call(t, 'GET', '/v1/admin/settings', { token: a.owner.token })).body.data.companyName).toBe(
      'Empresa A',
    );
  });

  it('lets both licenses use the same customer email and the same username', async () => {
    // Both tenants hold ana@shared.example.es: uniqueness is per license.
    const emailsOf = async (owner: Owner) =>
      (
        await call(t, 'GET', '/v1/admin/customers', {
          token: owner.token,
          query: { filters: JSON.stringify({ contactEmail: { eq: 'ana@shared.example.es' } }) },
        })
      ).body.data.total;
    expect(await emailsOf(a.owner)).toBe(1);
    expect(await emailsOf(b.owner)).toBe(1);
    // Both owners are called "owner"; an employee of B's username is free in A.
    const res = await call(t, 'POST', '/v1/admin/users', {
      token: a.owner.token,
      payload: { name: 'Same username', username: b.employees[1]!.username, password: 'employee-pass-1' },
    });
    expect(res.status).toBe(201);
  });
});
