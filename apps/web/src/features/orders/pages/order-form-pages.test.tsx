// @vitest-environment jsdom
import type { Order, Product, ProductListItem, Tax } from '@mostrador/contract';
import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/query-keys';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes, testUser } from '../../../test/render';
import { OrderCreatePage } from './order-create-page';
import { OrderEditPage } from './order-edit-page';

const taxes: Record<number, Tax> = {
  1: { id: 1, name: 'IVA 21%', percentage: 21 } as Tax,
  2: { id: 2, name: 'IVA 10%', percentage: 10 } as Tax,
};

/** The session's taxes, as the app loads them at boot. */
function WithTaxes({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  if (!queryClient.getQueryData(queryKeys.taxes.byId()))
    queryClient.setQueryData(queryKeys.taxes.byId(), taxes);
  return <App>{children}</App>;
}

const routes = [
  { path: '/orders', element: <p>order list</p> },
  ...[
    '/orders/create',
    '/orders/create-by-customer/:customerId',
    '/orders/create-cloning-order/:orderId',
  ].map((path) => ({
    path,
    element: (
      <WithTaxes>
        <OrderCreatePage />
      </WithTaxes>
    ),
  })),
  {
    path: '/orders/edit/:id',
    element: (
      <WithTaxes>
        <OrderEditPage />
      </WithTaxes>
    ),
  },
];
const everyOrderRight = [
  'orders_find',
  'orders_create',
  'orders_edit',
  'orders_delete',
  'customers_find',
  'sales_physical',
] as const;
const user = testUser({
  can: [
    'orders_find',
    'orders_create',
    'orders_edit',
    'customers_find',
    'customers_create',
    'sales_physical',
  ],
});

/** Sells online and may set up the payment gateways. */
const onlineSeller = testUser({
  can: [
    'orders_find',
    'orders_create',
    'orders_edit',
    'customers_find',
    'sales_online',
    'settings_paymentGateway',
  ],
});

/** Sells online (credit too) and reads customers, so their credit. */
const creditSeller = testUser({
  can: ['orders_find', 'orders_create', 'orders_edit', 'customers_find', 'sales_online'],
});

/** The customer's balances: 15 € of credit usable, one spent, one expired, a pack (sessions, not money). */
const credit = (id: number, remaining: number, expiresAt: string | null, kind = 'credit') => ({
  id,
  productId: 9,
  productName: 'Bono',
  kind,
  initial: 50,
  remaining,
  expiresAt,
  orderId: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  movements: [],
});
const balances = {
  items: [
    credit(1, 10, null),
    credit(2, 5, '2099-01-01T00:00:00.000Z'),
    credit(3, 0, null),
    credit(4, 40, '2020-01-01T00:00:00.000Z'),
    credit(5, 8, null, 'pack'),
  ],
};

const listItem = (p: Product): ProductListItem => ({
  id: p.id,
  image: null,
  reference: null,
  name: p.name,
  description: null,
  type: p.type,
  sellOnline: false,
  status: 'enabled',
  price: p.price,
  bookingCalendarName: null,
  duration: null,
  supplier: null,
});
const product = (id: number, name: string, price: number, taxType: number): Product =>
  ({
    id,
    name,
    price,
    taxType,
    type: 'regular',
    status: 'enabled',
    bookingCalendarId: null,
    spacesOccupiedInTheCalendar: null,
  }) as Product;
const haircut = product(1, 'Corte de pelo', 45.5, 1);
const shampoo = product(2, 'Champú', 12.1, 2);
const products = [haircut, shampoo];

const customer = {
  id: 3,
  name: 'Lucía',
  surname: 'Pérez',
  email: 'lucia@example.es',
  phone: null,
};

/** An order awaiting payment: it may still change (a paid one opens read-only). */
const order: Order = {
  id: 7,
  code: 42,
  customerId: 3,
  status: 'awaiting_payment',
  paymentMethod: 'cash',
  notes: 'Regalo',
  taxBase: 0,
  taxes: 0,
  total: 0,
  invoiceCode: null,
  paymentDate: null,
  paymentTransactionToken: null,
  originalOrderId: null,
  cashRegisterId: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lines: [
    {
      id: 70,
      productId: 1,
      productName: 'Corte de pelo',
      quantity: 2,
      unitPrice: 45.5,
      discount: 1,
      taxPercentage: 21,
      taxBase: 74.38,
      total: 90,
      refundedQuantity: 0,
      bookingId: null,
      originalLineId: null,
    },
    {
      id: 71,
      productId: 2,
      productName: 'Champú',
      quantity: 1,
      unitPrice: 12.1,
      discount: 0,
      taxPercentage: 10,
      taxBase: 11,
      total: 12.1,
      refundedQuantity: 0,
      bookingId: null,
      originalLineId: null,
    },
  ],
};

type Answer = { status?: number; body?: unknown };

/** A fake API: products, customers and orders; `onSave` answers the POST or PUT of the order. */
function fakeApi(
  onSave: (body: unknown, init: RequestInit) => Answer = (body) => ({
    status: 201,
    body: { data: { ...order, id: 8, code: 43, ...(body as object) } },
  }),
  current: () => Order = () => order,
) {
  return stubFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/v1/admin/orders' || (path.startsWith('/v1/admin/orders/') && init.method === 'PUT'))
      return onSave(JSON.parse(String(init.body)), init);
    if (path === '/v1/admin/orders/7') return { body: { data: current() } };
    if (path === '/v1/admin/orders/7/invoices') return { body: { data: [] } };
    if (path === '/v1/admin/products')
      return { body: { data: { items: products.map(listItem), total: 2, page: 1, limit: 20 } } };
    const productMatch = /^\/v1\/admin\/products\/(\d+)$/.exec(path);
    if (productMatch) return { body: { data: products.find((p) => p.id === Number(productMatch[1])) } };
    if (path === '/v1/admin/customers')
      return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
    if (path === '/v1/admin/customers/3') return { body: { data: customer } };
    if (path === '/v1/admin/customers/3/balances') return { body: { data: balances } };
    return { status: 404, body: { error: { code: 1000104, message: 'Not found' } } };
  });
}

/** antd validates asynchronously, and jsdom renders it slowly on a small machine. */
const slow = { timeout: 8000 };
/** A whole form filled in jsdom takes its time on a busy machine. */
const long = 60_000;
const text = (testId: string) => screen.getByTestId(testId).textContent;
/** Spanish euros as Intl writes them (a non-breaking space before €). */
const euros = (value: string) => `${value}\u00a0€`;
/** What the payment section says (the method's errors and help among it). */
const payment = () => screen.getByTestId('order-section-payment').textContent;

async function chooseProduct(index: number, name: string) {
  const line = screen.getByTestId(`order-line-${index}`);
  fireEvent.mouseDown(within(line).getByLabelText('Product'));
  const options = await screen.findAllByTitle(name, undefined, slow);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

describe('the order form', () => {
  it(
    'prefills the price of the product chosen and shows the totals live, then creates the order',
    async () => {
      const calls = fakeApi();
      const { router } = renderRoutes(routes, { route: '/orders/create', user });
      expect(await screen.findByRole('heading', { name: 'New order' })).toBeTruthy();
      await chooseProduct(0, 'Corte de pelo');
      const line = screen.getByTestId('order-line-0');
      await waitFor(() =>
        expect((within(line).getByLabelText('Unit price') as HTMLInputElement).value).toBe('45.50'),
      );
      await waitFor(() => expect(text('order-total')).toBe(euros('45,50')));
      expect((await within(line).findByTestId('order-line-0-tax', undefined, slow)).textContent).toBe(
        'IVA 21% included',
      );

      fireEvent.change(within(line).getByLabelText('Quantity'), { target: { value: '2' } });
      fireEvent.change(within(line).getByLabelText('Discount'), { target: { value: '1,00' } });
      fireEvent.blur(within(line).getByLabelText('Discount'));
      await waitFor(() => expect(text('order-total')).toBe(euros('90,00')));
      expect(text('order-line-0-total')).toBe(euros('90,00'));
      // 90 / 1,21 = 74,38 (half up to the cent); the taxes are the rest.
      expect(text('order-tax-base')).toBe(euros('74,38'));
      expect(text('order-taxes')).toBe(euros('15,62'));

      // A second line with another tax: the sums of the lines', each rounded as the server does.
      fireEvent.click(screen.getByTestId('order-add-line'));
      await chooseProduct(1, 'Champú');
      await waitFor(() => expect(text('order-total')).toBe(euros('102,10')));
      await waitFor(() => expect(text('order-tax-base')).toBe(euros('85,38')));
      expect(text('order-taxes')).toBe(euros('16,72'));

      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
      const post = calls.find((c) => c.init.method === 'POST');
      expect(post?.url).toBe('/v1/admin/orders');
      expect(JSON.parse(String(post?.init.body))).toEqual({
        customerId: null,
        status: 'paid',
        paymentMethod: 'cash',
        notes: null,
        lines: [
          { productId: 1, quantity: 2, unitPrice: 45.5, discount: 1 },
          { productId: 2, quantity: 1, unitPrice: 12.1, discount: 0 },
        ],
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    },
    long,
  );

  it(
    'refuses a discount over the line and a note over 50 characters before sending',
    async () => {
      const calls = fakeApi();
      renderRoutes(routes, { route: '/orders/create', user });
      await chooseProduct(0, 'Champú');
      const line = screen.getByTestId('order-line-0');
      await waitFor(() =>
        expect((within(line).getByLabelText('Unit price') as HTMLInputElement).value).toBe('12.10'),
      );
      fireEvent.change(within(line).getByLabelText('Discount'), { target: { value: '20' } });
      fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'x'.repeat(51) } });
      fireEvent.click(screen.getByTestId('order-save'));
      expect(
        await within(line).findByText(
          'The discount cannot be more than quantity × unit price',
          undefined,
          slow,
        ),
      ).toBeTruthy();
      expect(await screen.findByText('Enter at most 50 characters', undefined, slow)).toBeTruthy();
      expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
    },
    long,
  );

  it(
    "puts the server's field errors on the line they name, and says a business refusal",
    async () => {
      let answer: Answer = {
        status: 400,
        body: {
          error: {
            code: 1000100,
            message: 'Invalid input',
            details: [{ field: 'lines.1.discount', message: 'at most quantity × unitPrice' }],
          },
        },
      };
      fakeApi(() => answer);
      renderRoutes(routes, { route: '/orders/create', user });
      await chooseProduct(0, 'Corte de pelo');
      fireEvent.click(screen.getByTestId('order-add-line'));
      await chooseProduct(1, 'Champú');
      await waitFor(() => expect(text('order-total')).toBe(euros('57,60')));
      fireEvent.click(screen.getByTestId('order-save'));
      const second = screen.getByTestId('order-line-1');
      expect(
        await within(second).findByText(
          'The discount cannot be more than quantity × unit price',
          undefined,
          slow,
        ),
      ).toBeTruthy();
      expect(within(screen.getByTestId('order-line-0')).queryByText(/discount cannot/)).toBeNull();

      // The register closed: the message and the way out.
      answer = { status: 409, body: { error: { code: 1000013, message: 'Cash register closed' } } };
      fireEvent.change(within(second).getByLabelText('Discount'), { target: { value: '0' } });
      fireEvent.click(screen.getByTestId('order-save'));
      const failure = await screen.findByTestId('order-failure', undefined, slow);
      expect(failure.textContent).toContain('The cash register is closed: open it to place the order.');
      expect(failure.textContent).toContain('Open it here or with the register button at the top');
    },
    long,
  );

  it(
    'clones an order: its customer and lines without ids, as a draft',
    async () => {
      const calls = fakeApi();
      renderRoutes(routes, { route: '/orders/create-cloning-order/7', user });
      expect(await screen.findByRole('heading', { name: 'New order from order #42' }, slow)).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('order-customer').textContent).toContain('Lucía Pérez'));
      expect(screen.getByTestId('order-status').textContent).toContain('Draft');
      expect(screen.getByTestId('order-line-0').textContent).toContain('Corte de pelo');
      expect(screen.getByTestId('order-line-1').textContent).toContain('Champú');
      await waitFor(() => expect(text('order-total')).toBe(euros('102,10')));
      await waitFor(() => expect(text('order-tax-base')).toBe(euros('85,38')));

      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
      const body = JSON.parse(String(calls.find((c) => c.init.method === 'POST')?.init.body));
      expect(body).toEqual({
        customerId: 3,
        status: 'draft',
        paymentMethod: 'cash',
        notes: null,
        lines: [
          { productId: 1, quantity: 2, unitPrice: 45.5, discount: 1 },
          { productId: 2, quantity: 1, unitPrice: 12.1, discount: 0 },
        ],
      });
    },
    long,
  );

  it(
    'edits an order: its lines keep their ids',
    async () => {
      const calls = fakeApi((body) => ({ body: { data: { ...order, ...(body as object) } } }));
      renderRoutes(routes, { route: '/orders/edit/7', user });
      expect(await screen.findByRole('heading', { name: 'Order #42' }, slow)).toBeTruthy();
      await waitFor(() => expect(text('order-total')).toBe(euros('102,10')));
      fireEvent.click(screen.getByTestId('order-line-1-remove'));
      await waitFor(() => expect(text('order-total')).toBe(euros('90,00')));
      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
      const put = calls.find((c) => c.init.method === 'PUT');
      expect(put?.url).toBe('/v1/admin/orders/7');
      expect(JSON.parse(String(put?.init.body))).toMatchObject({
        customerId: 3,
        notes: 'Regalo',
        lines: [{ id: 70, productId: 1, quantity: 2, unitPrice: 45.5, discount: 1 }],
      });
    },
    long,
  );

  it(
    'keeps a booked line with its booking and product when editing',
    async () => {
      const booked: Order = {
        ...order,
        lines: [{ ...(order.lines[0] as Order['lines'][number]), bookingId: 5, quantity: 1, discount: 0 }],
      };
      const calls = stubFetch((url, init) => {
        const path = new URL(url, 'http://x').pathname;
        if (init.method === 'PUT') return { body: { data: booked } };
        if (path === '/v1/admin/orders/7') return { body: { data: booked } };
        if (path === '/v1/admin/bookings/5')
          return { body: { data: { id: 5, startsAt: '2026-12-24T09:30:00.000Z' } } };
        if (path === '/v1/admin/products/1') return { body: { data: haircut } };
        if (path === '/v1/admin/customers/3') return { body: { data: customer } };
        return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
      });
      renderRoutes(routes, { route: '/orders/edit/7', user });
      // 10:30 in Madrid.
      expect(await screen.findByText(/Booked for 12\/24\/2026 10:30 AM/, undefined, slow)).toBeTruthy();
      expect(screen.getByText('A booked line keeps its product')).toBeTruthy();
      expect(screen.queryByTestId('order-line-0-start')).toBeNull();
      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
      const body = JSON.parse(String(calls.find((c) => c.init.method === 'PUT')?.init.body));
      expect(body.lines).toEqual([{ id: 70, productId: 1, quantity: 1, unitPrice: 45.5, discount: 0 }]);
    },
    long,
  );

  it(
    'offers only the payment methods the user may sell with, and never a status backwards',
    async () => {
      fakeApi();
      renderRoutes(routes, { route: '/orders/edit/7', user });
      // Role queries are slow under jsdom (each computes styles): the fields are found by their labels.
      expect(await screen.findByTestId('order-form', undefined, slow)).toBeTruthy();
      fireEvent.mouseDown(screen.getByLabelText('Payment method'));
      await waitFor(() => expect(screen.getAllByTitle('Card').length).toBeGreaterThan(0), slow);
      // sales_physical only: cash and card; transfer, online and external billing need sales_online.
      expect(screen.getAllByTitle('Cash').length).toBeGreaterThan(0);
      expect(screen.queryByTitle('Bank transfer')).toBeNull();
      expect(screen.queryByTitle('Online')).toBeNull();
      expect(screen.queryByTitle('External billing')).toBeNull();
      fireEvent.mouseDown(screen.getByLabelText('Status'));
      const draftOption = (await screen.findAllByTitle('Draft', undefined, slow)).at(-1) as HTMLElement;
      expect(draftOption.getAttribute('aria-disabled') ?? draftOption.className).toMatch(/true|disabled/);
    },
    long,
  );

  it(
    'opens a paid order read-only, saving its note and customer with the lines unchanged',
    async () => {
      const paid: Order = {
        ...order,
        status: 'paid',
        paymentDate: '2026-01-01T10:05:00.000Z',
        notes: null,
        taxBase: 85.38,
        taxes: 16.72,
        total: 102.1,
      };
      const calls = stubFetch((url, init) => {
        const path = new URL(url, 'http://x').pathname;
        if (init.method === 'PUT') return { body: { data: { ...paid, notes: 'Regalo' } } };
        if (path === '/v1/admin/orders/7') return { body: { data: paid } };
        if (path === '/v1/admin/orders/7/invoices') return { body: { data: [] } };
        if (path === '/v1/admin/customers/3') return { body: { data: customer } };
        return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
      });
      renderRoutes(routes, { route: '/orders/edit/7', user: testUser({ can: [...everyOrderRight] }) });
      expect(await screen.findByTestId('order-view', undefined, slow)).toBeTruthy();
      expect(screen.queryByTestId('order-form')).toBeNull();
      expect(screen.getByTestId('order-locked-tag').textContent).toBe('Paid: read-only');
      expect(screen.getByTestId('order-status-tag').textContent).toBe('Paid');
      expect(text('order-view-total')).toBe(euros('102,10'));
      // The actions still allowed: refund, reorder, print; a paid order is never deleted.
      expect(screen.getByTestId('order-refund').getAttribute('href')).toBe('/orders/refund/7');
      expect(screen.getByTestId('order-clone').getAttribute('href')).toBe('/orders/create-cloning-order/7');
      expect(screen.getByTestId('order-print')).toBeTruthy();
      expect(screen.queryByTestId('order-delete')).toBeNull();

      fireEvent.change(screen.getByTestId('order-view-notes'), { target: { value: ' Regalo ' } });
      fireEvent.click(screen.getByTestId('order-note-save'));
      await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
      const put = calls.find((c) => c.init.method === 'PUT');
      expect(put?.url).toBe('/v1/admin/orders/7');
      expect(JSON.parse(String(put?.init.body))).toEqual({
        customerId: 3,
        status: 'paid',
        paymentMethod: 'cash',
        notes: 'Regalo',
        lines: [
          { id: 70, productId: 1, quantity: 2, unitPrice: 45.5, discount: 1 },
          { id: 71, productId: 2, quantity: 1, unitPrice: 12.1, discount: 0 },
        ],
      });
      expect(await screen.findByText('Order #42 saved', undefined, slow)).toBeTruthy();
    },
    long,
  );

  it(
    'shows a refund as a refund: its own label, negative amounts, the order it refunds, no note form',
    async () => {
      const refund: Order = {
        ...order,
        id: 9,
        code: 44,
        status: 'paid',
        originalOrderId: 7,
        invoiceCode: null,
        taxBase: -74.38,
        taxes: -15.62,
        total: -90,
        lines: [
          {
            ...(order.lines[0] as Order['lines'][number]),
            id: 90,
            quantity: -2,
            total: -90,
            originalLineId: 70,
          },
        ],
      };
      stubFetch((url) => {
        const decoded = decodeURIComponent(url);
        if (decoded.startsWith('/v1/admin/orders/9/invoices')) return { body: { data: [] } };
        if (decoded.includes('"id":{"in":[7]}'))
          return { body: { data: { items: [{ id: 7, code: 42 }], total: 1, page: 1, limit: 1 } } };
        if (decoded.startsWith('/v1/admin/orders?'))
          return { body: { data: { items: [], total: 0, page: 1, limit: 1 } } };
        return { body: { data: refund } };
      });
      renderRoutes(routes, { route: '/orders/edit/9', user: testUser({ can: [...everyOrderRight] }) });
      expect(
        (await screen.findByTestId('order-view', undefined, slow)).querySelector('h1')?.textContent,
      ).toBe('Refund #44');
      expect(screen.getByTestId('order-refund-tag').textContent).toBe('Refund');
      expect(screen.queryByTestId('order-status-tag')).toBeNull();
      expect(screen.getByTestId('order-locked-tag').textContent).toBe('Refund: read-only');
      expect(text('order-view-total')).toBe(euros('-90,00'));
      const link = await screen.findByTestId('order-refund-of', undefined, slow);
      await waitFor(() => expect(link.textContent).toContain('Refund of #42'), slow);
      expect(link.getAttribute('href')).toBe('/orders/edit/7');
      // Not refunded again, reordered, deleted, nor its note changed.
      expect(screen.queryByTestId('order-refund')).toBeNull();
      expect(screen.queryByTestId('order-clone')).toBeNull();
      expect(screen.queryByTestId('order-delete')).toBeNull();
      expect(screen.queryByTestId('order-note-form')).toBeNull();
    },
    long,
  );

  it(
    'says so when the order was paid meanwhile and opens it read-only',
    async () => {
      let current: Order = order;
      fakeApi(
        () => {
          current = { ...order, status: 'paid' };
          return { status: 409, body: { error: { code: 1000131, message: 'locked' } } };
        },
        () => current,
      );
      renderRoutes(routes, { route: '/orders/edit/7', user });
      expect(await screen.findByTestId('order-form', undefined, slow)).toBeTruthy();
      fireEvent.click(screen.getByTestId('order-save'));
      expect(
        await screen.findByText(
          /This order is paid, refunded or counted in a closed cash register/,
          undefined,
          slow,
        ),
      ).toBeTruthy();
      expect(await screen.findByTestId('order-view', undefined, slow)).toBeTruthy();
    },
    long,
  );

  it(
    'takes an online order as awaiting payment: paid is for its gateway, said under the status',
    async () => {
      const calls = fakeApi();
      renderRoutes(routes, { route: '/orders/create-by-customer/3', user: onlineSeller });
      expect(await screen.findByTestId('order-form', undefined, slow)).toBeTruthy();
      await chooseProduct(0, 'Champú');
      expect(screen.getByTestId('order-status').textContent).toContain('Paid');
      expect(screen.queryByTestId('order-online-paid-hint')).toBeNull();
      fireEvent.mouseDown(screen.getByLabelText('Payment method'));
      fireEvent.click((await screen.findAllByTitle('Online', undefined, slow)).at(-1) as HTMLElement);
      await waitFor(() =>
        expect(screen.getByTestId('order-status').textContent).toContain('Awaiting payment'),
      );
      expect(text('order-online-paid-hint')).toBe(
        'Paid when the customer pays the link: until then the order awaits payment.',
      );
      fireEvent.mouseDown(screen.getByLabelText('Status'));
      const paidOption = (await screen.findAllByTitle('Paid', undefined, slow)).at(-1) as HTMLElement;
      expect(paidOption.getAttribute('aria-disabled') ?? paidOption.className).toMatch(/true|disabled/);

      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
      const body = JSON.parse(String(calls.find((c) => c.init.method === 'POST')?.init.body));
      expect(body).toMatchObject({ customerId: 3, status: 'awaiting_payment', paymentMethod: 'online' });
    },
    long,
  );

  it.each([
    ['may set up the gateways', onlineSeller, true],
    ['may not', testUser({ can: ['orders_find', 'orders_create', 'orders_edit', 'sales_online'] }), false],
  ])(
    'says the gateway is not set up, with the way to the payment settings for who %s',
    async (_who, seller, link) => {
      fakeApi(() => ({ status: 409, body: { error: { code: 1000159, message: 'no gateway' } } }));
      renderRoutes(routes, { route: '/orders/create-by-customer/3', user: seller });
      expect(await screen.findByTestId('order-form', undefined, slow)).toBeTruthy();
      await chooseProduct(0, 'Champú');
      fireEvent.mouseDown(screen.getByLabelText('Payment method'));
      fireEvent.click((await screen.findAllByTitle('Online', undefined, slow)).at(-1) as HTMLElement);
      await waitFor(() =>
        expect(screen.getByTestId('order-status').textContent).toContain('Awaiting payment'),
      );
      fireEvent.click(screen.getByTestId('order-save'));
      const failure = await screen.findByTestId('order-failure', undefined, slow);
      expect(failure.textContent).toContain(
        'Choose and configure the gateway for online payments in the payment settings first.',
      );
      if (link) {
        expect(failure.textContent).toContain('Set up the gateway in the payment settings, then save again.');
        expect(within(failure).getByTestId('order-payment-settings').getAttribute('href')).toBe(
          '/settings/payment',
        );
      } else {
        expect(failure.textContent).toContain('Ask someone who may configure the payment gateways');
        expect(within(failure).queryByTestId('order-payment-settings')).toBeNull();
      }
    },
    long,
  );

  it(
    'shows an online order awaiting payment under its card payment, with the link to give the customer',
    async () => {
      const online: Order = { ...order, paymentMethod: 'online', cashRegisterId: null };
      stubFetch((url) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/v1/admin/orders/7') return { body: { data: online } };
        if (path === '/v1/admin/orders/7/payment')
          return {
            body: {
              data: {
                link: 'https://mostrador.example.es/pay/t0k',
                gateway: 'stripe',
                capturable: false,
                attempts: [],
              },
            },
          };
        if (path === '/v1/admin/customers/3') return { body: { data: customer } };
        const productMatch = /^\/v1\/admin\/products\/(\d+)$/.exec(path);
        if (productMatch) return { body: { data: products.find((p) => p.id === Number(productMatch[1])) } };
        return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
      });
      renderRoutes(routes, { route: '/orders/edit/7', user: onlineSeller });
      const card = await screen.findByTestId('order-payment', undefined, slow);
      expect(
        ((await within(card).findByTestId('payment-link', undefined, slow)) as HTMLInputElement).value,
      ).toBe('https://mostrador.example.es/pay/t0k');
      expect(within(card).getByTestId('order-payment-gateway').textContent).toBe('Stripe');
      // The order still changes below it.
      expect(screen.getByTestId('order-form')).toBeTruthy();
    },
    long,
  );

  it(
    'opens an order paid online read-only with its card payment history',
    async () => {
      const paid: Order = {
        ...order,
        status: 'paid',
        paymentMethod: 'online',
        cashRegisterId: null,
        paymentDate: '2026-01-01T10:05:00.000Z',
        paymentTransactionToken: '283645',
      };
      const calls = stubFetch((url) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/v1/admin/orders/7') return { body: { data: paid } };
        if (path === '/v1/admin/orders/7/invoices') return { body: { data: [] } };
        if (path === '/v1/admin/orders/7/payment')
          return {
            body: {
              data: {
                link: null,
                gateway: 'redsys',
                capturable: false,
                attempts: [
                  {
                    id: 4,
                    kind: 'payment',
                    gateway: 'redsys',
                    status: 'succeeded',
                    amount: 102.1,
                    currency: 'EUR',
                    reference: '0007a1b2c3d4',
                    transactionToken: '283645',
                    failureReason: null,
                    refundOrderId: null,
                    createdAt: '2026-01-01T10:04:00.000Z',
                    updatedAt: '2026-01-01T10:05:00.000Z',
                  },
                ],
              },
            },
          };
        if (path === '/v1/admin/customers/3') return { body: { data: customer } };
        return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
      });
      renderRoutes(routes, { route: '/orders/edit/7', user: onlineSeller });
      expect(await screen.findByTestId('order-view', undefined, slow)).toBeTruthy();
      const card = await screen.findByTestId('order-payment', undefined, slow);
      const row = await within(card).findByTestId('payment-attempt', undefined, slow);
      expect(within(row).getByTestId('payment-status-tag').textContent).toBe('Succeeded');
      expect(within(row).getByTestId('payment-attempt-amount').textContent).toBe(euros('102,10'));
      expect(within(card).getByTestId('payment-no-link').textContent).toBe(
        'The order no longer awaits payment: its link is closed.',
      );
      // Paid: read once, not polled.
      expect(calls.filter((c) => c.url.endsWith('/orders/7/payment')).length).toBe(1);
    },
    long,
  );
  it(
    'refuses paying with credit without a customer before sending',
    async () => {
      const calls = fakeApi();
      renderRoutes(routes, { route: '/orders/create', user: creditSeller });
      expect(await screen.findByTestId('order-form', undefined, slow)).toBeTruthy();
      await chooseProduct(0, 'Corte de pelo');
      await waitFor(() => expect(text('order-total')).toBe(euros('45,50')));
      fireEvent.mouseDown(screen.getByLabelText('Payment method'));
      fireEvent.click(
        (await screen.findAllByTitle('Customer credit', undefined, slow)).at(-1) as HTMLElement,
      );
      // No customer: credit pays from a customer's balances.
      expect((await screen.findByTestId('order-credit-hint', undefined, slow)).textContent).toBe(
        'Choose the customer whose credit pays.',
      );
      fireEvent.click(screen.getByTestId('order-save'));
      expect(
        await screen.findByText(
          'Paying with credit needs a customer: choose the one whose credit pays',
          undefined,
          slow,
        ),
      ).toBeTruthy();
      expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
    },
    long,
  );

  it(
    "refuses a total above the customer's credit before sending, and puts the server's refusal on the method",
    async () => {
      let answer: Answer = { status: 409, body: { error: { code: 1000188, message: 'short' } } };
      const calls = fakeApi(() => answer);
      renderRoutes(routes, { route: '/orders/create-by-customer/3', user: creditSeller });
      expect(await screen.findByTestId('order-form', undefined, slow)).toBeTruthy();
      await chooseProduct(0, 'Corte de pelo');
      await waitFor(() => expect(text('order-total')).toBe(euros('45,50')));
      fireEvent.mouseDown(screen.getByLabelText('Payment method'));
      fireEvent.click(
        (await screen.findAllByTitle('Customer credit', undefined, slow)).at(-1) as HTMLElement,
      );
      // Usable: remaining, not expired, credit (not a pack's sessions).
      await waitFor(() => expect(text('order-available-credit')).toBe(`Available credit: ${euros('15,00')}`));
      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(
        () =>
          expect(payment()).toContain(
            `The customer's available credit (${euros('15,00')}) does not cover the total (${euros('45,50')})`,
          ),
        slow,
      );
      expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

      // Within the credit it is sent; the server found it short (spent meanwhile): said on the method.
      const line = screen.getByTestId('order-line-0');
      fireEvent.change(within(line).getByLabelText('Discount'), { target: { value: '35,50' } });
      fireEvent.blur(within(line).getByLabelText('Discount'));
      await waitFor(() => expect(text('order-total')).toBe(euros('10,00')));
      await waitFor(() => expect(payment()).not.toContain('does not cover the total'), slow);
      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(
        () => expect(payment()).toContain("The customer's credit does not cover the amount."),
        slow,
      );
      const post = calls.find((c) => c.init.method === 'POST');
      expect(JSON.parse(String(post?.init.body))).toMatchObject({
        customerId: 3,
        status: 'paid',
        paymentMethod: 'credit',
      });

      answer = { status: 201, body: { data: { ...order, id: 8, code: 43, paymentMethod: 'credit' } } };
      fireEvent.click(screen.getByTestId('order-save'));
      await waitFor(() => expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(2), slow);
    },
    long,
  );
});
