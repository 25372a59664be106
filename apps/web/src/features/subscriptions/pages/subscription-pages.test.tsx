// @vitest-environment jsdom
import type { Product, Subscription, SubscriptionListItem } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, renderRoutes, testUser } from '../../../test/render';
import { SubscriptionSettingsCard } from '../components/subscription-settings-card';
import { nextRenewalDays } from '../subscription-values';
import { SubscriptionCreatePage } from './subscription-create-page';
import { SubscriptionEditPage } from './subscription-edit-page';
import { SubscriptionViewPage } from './subscription-view-page';
import { SubscriptionsPage } from './subscriptions-page';

const slow = { timeout: 8000 };

const item: SubscriptionListItem = {
  id: 7,
  customerName: 'Marta',
  customerSurname: 'Ruiz',
  customerCompanyName: 'Barro SL',
  status: 'inactive',
  paymentPeriodicity: 'quarterly',
  paymentMethod: 'transfer',
  startsAt: '2026-03-01T00:00:00.000Z',
  productName: 'Yoga mensual',
  customerId: 9,
  productId: 5,
  cancelAt: null,
  createdAt: '2026-02-01T10:00:00.000Z',
};

const subscription: Subscription = {
  ...item,
  status: 'active',
  trialEndsAt: null,
  activatedAt: '2026-03-01T09:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  nextRenewalAt: '2026-06-01T00:00:00.000Z',
  periods: [
    {
      id: 1,
      startsAt: '2026-03-01T00:00:00.000Z',
      endsAt: '2026-06-01T00:00:00.000Z',
      servicePeriods: 3,
      amount: 90,
      orderId: 31,
      orderStatus: 'awaiting_payment',
    },
  ],
  updatedAt: '2026-03-01T09:00:00.000Z',
};

const product = {
  id: 5,
  name: 'Yoga mensual',
  type: 'subscription',
  price: 30,
  periodicity: { quantity: 1, unit: 'month' },
  periodicityOfSubscriptionPayment: null,
  freeSubscriptionTrialDays: null,
  daysToPaySubscriptionRenewal: null,
} as unknown as Product;

const listOf = <T,>(items: T[]) => ({ body: { data: { items, total: items.length, page: 1, limit: 50 } } });

describe('the subscription list', () => {
  it('sorts by start, latest first, shows the spec’s columns; only open without more permissions', async () => {
    const calls = stubFetch(() => listOf([item]));
    renderInApp(<SubscriptionsPage />, {
      path: '/subscriptions',
      user: testUser({ can: ['subscriptions_find'] }),
    });
    expect(await screen.findByText('1 subscription', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('orders={"startsAt":"desc"}');
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Marta Ruiz' }).getAttribute('href')).toBe(
      '/subscriptions/view/7',
    );
    for (const text of ['Barro SL', 'Yoga mensual', 'Inactive', 'Quarterly', 'Bank transfer'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByLabelText('Open Marta Ruiz · Yoga mensual')).toBeTruthy();
    expect(screen.queryByTestId('create-subscription')).toBeNull();
    expect(within(row).queryByLabelText('More actions for Marta Ruiz · Yoga mensual')).toBeNull();
    expect(within(row).queryByLabelText('Delete Marta Ruiz · Yoga mensual')).toBeNull();
  });

  it('filters by status, and activates after confirming', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'POST' ? { body: { data: subscription } } : listOf([item]),
    );
    renderInApp(<SubscriptionsPage />, {
      path: '/subscriptions',
      user: testUser({
        can: ['subscriptions_find', 'subscriptions_create', 'subscriptions_edit', 'subscriptions_delete'],
      }),
    });
    const row = (await screen.findAllByRole('row', undefined, slow))[1] as HTMLElement;
    expect(screen.getByTestId('create-subscription')).toBeTruthy();
    expect(within(row).getByLabelText('Delete Marta Ruiz · Yoga mensual')).toBeTruthy();

    fireEvent.mouseDown(within(screen.getByTestId('subscription-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Active', undefined, slow));
    await waitFor(
      () =>
        expect(decodeURIComponent(calls.at(-1)?.url ?? '')).toContain('filters={"status":{"eq":"active"}}'),
      slow,
    );

    fireEvent.click(within(row).getByLabelText('More actions for Marta Ruiz · Yoga mensual'));
    fireEvent.click(await screen.findByTestId('subscription-activate', undefined, slow));
    const dialog = await screen.findByRole('dialog', undefined, slow);
    expect(within(dialog).getByText('Activate the subscription Marta Ruiz · Yoga mensual?')).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    expect(calls.find((c) => c.init.method === 'POST')?.url).toBe('/v1/admin/subscriptions/7/activate');
  });

  it('cancels an active one at once when the user says so', async () => {
    const active = { ...item, status: 'active' as const };
    const calls = stubFetch((_url, init) =>
      init.method === 'POST' ? { body: { data: { ...subscription, status: 'inactive' } } } : listOf([active]),
    );
    renderInApp(<SubscriptionsPage />, {
      path: '/subscriptions',
      user: testUser({ can: ['subscriptions_find', 'subscriptions_edit', 'subscriptions_delete'] }),
    });
    const row = (await screen.findAllByRole('row', undefined, slow))[1] as HTMLElement;
    // An active subscription is not deleted: cancelled first.
    expect(within(row).queryByLabelText('Delete Marta Ruiz · Yoga mensual')).toBeNull();
    fireEvent.click(within(row).getByLabelText('More actions for Marta Ruiz · Yoga mensual'));
    fireEvent.click(await screen.findByTestId('subscription-cancel', undefined, slow));
    const dialog = await screen.findByRole('dialog', undefined, slow);
    expect(within(dialog).getByText('Cancel the subscription Marta Ruiz · Yoga mensual?')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('At once'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toBe('/v1/admin/subscriptions/7/cancel');
    expect(JSON.parse(String(post?.init.body))).toEqual({ atPeriodEnd: false });
  });
});

describe('the subscription form', () => {
  const answer = (
    overrides: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined,
  ) =>
    stubFetch((url, init) => {
      const own = overrides(url, init);
      if (own) return own;
      if (url.startsWith('/v1/admin/customers/9'))
        return { body: { data: { id: 9, name: 'Marta', surname: 'Ruiz', company: null } } };
      if (url.startsWith('/v1/admin/products/5')) return { body: { data: product } };
      if (url.startsWith('/v1/admin/products')) return listOf([{ ...product, status: 'enabled' }]);
      return { body: { data: null } };
    });

  const renderForm = () =>
    renderRoutes(
      [
        { path: '/subscriptions', element: <p>subscription list</p> },
        { path: '/subscriptions/view/:id', element: <p>subscription page</p> },
        {
          path: '/subscriptions/create',
          element: (
            <App>
              <SubscriptionCreatePage />
            </App>
          ),
        },
      ],
      {
        route: '/subscriptions/create?customer=9',
        user: testUser({
          can: ['subscriptions_find', 'subscriptions_create', 'sales_online', 'products_find'],
        }),
      },
    );

  it('asks for the product first, offers the periodicities that fit it, shows the renewals and sends', async () => {
    const calls = answer((_url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: subscription } } : undefined,
    );
    renderForm();
    expect(await screen.findByRole('heading', { name: 'New subscription' }, slow)).toBeTruthy();
    expect(
      screen.getByText('Choose the product and the payment periodicity to see the renewal dates'),
    ).toBeTruthy();
    // Nothing is sent without a product.
    fireEvent.click(screen.getByTestId('subscription-save'));
    const productField = screen.getByTestId('subscription-product').closest('.ant-form-item') as HTMLElement;
    expect(await within(productField).findByText('This field is required', undefined, slow)).toBeTruthy();
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);

    fireEvent.mouseDown(within(screen.getByTestId('subscription-product')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Subscription', undefined, slow));
    // The product's period proposes monthly; weekly does not fit a monthly product.
    await waitFor(
      () => expect(screen.getByTestId('subscription-payment-periodicity').textContent).toContain('Monthly'),
      slow,
    );
    fireEvent.mouseDown(within(screen.getByTestId('subscription-payment-periodicity')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Quarterly', undefined, slow));
    expect(screen.queryByTitle('Weekly')).toBeNull();
    expect(
      await screen.findByText('Each renewal charges 90,00 € (3 periods of 30,00 €)', undefined, slow),
    ).toBeTruthy();
    const { dayjs } = await import('../../../lib/dayjs');
    const days = nextRenewalDays(dayjs().startOf('day'), 'quarterly').map((d) => dayjs(d).format('L'));
    expect(screen.getByTestId('subscription-renewal-days').textContent).toBe(
      `Payment periods start on ${days.join(', ')}…`,
    );

    fireEvent.click(screen.getByTestId('subscription-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toBe('/v1/admin/subscriptions');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      customerId: 9,
      productId: 5,
      startsAt: dayjs().format('YYYY-MM-DD'),
      paymentPeriodicity: 'quarterly',
      paymentMethod: 'online',
    });
    // Saved, its page opens: there it is activated.
    expect(await screen.findByText('subscription page', undefined, slow)).toBeTruthy();
  }, 60_000);

  it('puts the server’s periodicity refusal on its field', async () => {
    answer((_url, init) =>
      init.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 1000195,
                message: 'invalid',
                details: [{ field: 'paymentPeriodicity', message: 'shorter' }],
              },
            },
          }
        : undefined,
    );
    renderForm();
    expect(await screen.findByRole('heading', { name: 'New subscription' }, slow)).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('subscription-product')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Subscription', undefined, slow));
    await waitFor(
      () => expect(screen.getByTestId('subscription-payment-periodicity').textContent).toContain('Monthly'),
      slow,
    );
    fireEvent.click(screen.getByTestId('subscription-save'));
    const field = screen
      .getByTestId('subscription-payment-periodicity')
      .closest('.ant-form-item') as HTMLElement;
    expect(
      await within(field).findByText(
        "The payment periodicity must cover a whole number of the product's periods, and not be shorter than one.",
        undefined,
        slow,
      ),
    ).toBeTruthy();
  });
});

describe('the subscription edit page', () => {
  it('changes only the payment method of an active one, keeping its start to the instant', async () => {
    const started = { ...subscription, startsAt: '2026-03-01T09:30:00.000Z' };
    const calls = stubFetch((url, init) => {
      if (init.method === 'PUT') return { body: { data: started } };
      if (url.startsWith('/v1/admin/products/5')) return { body: { data: product } };
      return { body: { data: started } };
    });
    renderRoutes(
      [
        { path: '/subscriptions', element: <p>subscription list</p> },
        {
          path: '/subscriptions/edit/:id',
          element: (
            <App>
              <SubscriptionEditPage />
            </App>
          ),
        },
      ],
      {
        route: '/subscriptions/edit/7',
        user: testUser({
          can: ['subscriptions_find', 'subscriptions_edit', 'subscriptions_delete', 'sales_online'],
        }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Marta Ruiz · Yoga mensual' }, slow)).toBeTruthy();
    expect(screen.getByTestId('subscription-locked')).toBeTruthy();
    expect((screen.getByLabelText('Customer') as HTMLInputElement).disabled).toBe(true);
    // An active one is not deleted.
    expect(screen.queryByTestId('subscription-delete')).toBeNull();
    fireEvent.mouseDown(within(screen.getByTestId('subscription-payment-method')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('External billing', undefined, slow));
    fireEvent.click(screen.getByTestId('subscription-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(put?.url).toBe('/v1/admin/subscriptions/7');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      customerId: 9,
      productId: 5,
      startsAt: '2026-03-01T09:30:00.000Z',
      paymentPeriodicity: 'quarterly',
      paymentMethod: 'external_billing',
    });
    expect(await screen.findByText('subscription list', undefined, slow)).toBeTruthy();
  }, 60_000);
});

describe('the subscription page', () => {
  it('shows its terms, its periods with their orders, and cancels at period end by default', async () => {
    const calls = stubFetch((url, init) => {
      if (init.method === 'POST')
        return { body: { data: { ...subscription, cancelAt: '2026-06-01T00:00:00.000Z' } } };
      if (url.startsWith('/v1/admin/orders')) return listOf([{ id: 31, code: 12 }]);
      return { body: { data: subscription } };
    });
    renderRoutes(
      [
        {
          path: '/subscriptions/view/:id',
          element: (
            <App>
              <SubscriptionViewPage />
            </App>
          ),
        },
      ],
      {
        route: '/subscriptions/view/7',
        user: testUser({
          can: ['subscriptions_find', 'subscriptions_edit', 'orders_find', 'customers_find'],
        }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Marta Ruiz · Yoga mensual' }, slow)).toBeTruthy();
    expect(screen.getByTestId('subscription-customer-link').getAttribute('href')).toBe('/customers/view/9');
    const day = (iso: string) => formatDate(iso, 'Europe/Madrid');
    expect(screen.getByTestId('subscription-next-renewal').textContent).toBe(day('2026-06-01T00:00:00.000Z'));
    const periods = screen.getByTestId('subscription-periods');
    expect(
      within(periods).getByText(`${day('2026-03-01T00:00:00.000Z')} – ${day('2026-06-01T00:00:00.000Z')}`),
    ).toBeTruthy();
    expect(within(periods).getByText('90,00 €')).toBeTruthy();
    expect(within(periods).getByText('Awaiting payment')).toBeTruthy();
    const order = await within(periods).findByTestId('subscription-period-order', undefined, slow);
    expect(order.getAttribute('href')).toBe('/orders/edit/31');

    fireEvent.click(screen.getByTestId('subscription-cancel'));
    const dialog = await screen.findByRole('dialog', undefined, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toBe('/v1/admin/subscriptions/7/cancel');
    expect(JSON.parse(String(post?.init.body))).toEqual({ atPeriodEnd: true });
  });
});

describe('the subscription settings', () => {
  it('saves the days to pay a renewal and the free trial; read-only without settings_edit', async () => {
    const calls = stubFetch(() => ({ body: { data: {} } }));
    const settings = { subscriptions: { daysToPaySubscriptionRenewal: 5, freeSubscriptionTrialDays: 0 } };
    const { unmount } = renderInApp(<SubscriptionSettingsCard />, {
      user: testUser({ can: ['settings_edit'] }),
      settings,
    });
    const days = (await screen.findByTestId(
      'subscription-renewal-payment-days',
      undefined,
      slow,
    )) as HTMLInputElement;
    expect(days.value).toBe('5');
    fireEvent.change(screen.getByTestId('subscription-free-trial-days'), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('subscription-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
    expect(JSON.parse(String(calls.find((c) => c.init.method === 'PUT')?.init.body))).toEqual({
      subscriptions: { daysToPaySubscriptionRenewal: 5, freeSubscriptionTrialDays: 14 },
    });
    unmount();
    renderInApp(<SubscriptionSettingsCard />, { user: testUser({ can: [] }), settings });
    expect(
      ((await screen.findByTestId('subscription-free-trial-days', undefined, slow)) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    expect(screen.queryByTestId('subscription-settings-save')).toBeNull();
  });
});
