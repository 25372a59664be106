// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, setViewportWidth, testUser } from '../../../test/render';
import { CustomersPage } from './customers-page';

const items = [
  {
    id: 1,
    companyName: 'Gimnasio Vértice S.L.',
    vat: 'B62962907',
    contactName: 'Lucía',
    contactSurname: 'García López',
    contactEmail: 'lucia@example.es',
    contactPhone: '+34600123456',
    image: null,
    notes: 'Prefiere las citas por la tarde.',
    city: 'Zaragoza',
    customFields: [{ customFieldId: 7, value: 'true' }],
    createdAt: '2026-01-15T10:00:00+01:00',
  },
];

const slow = { timeout: 8000 };
const consent = {
  id: 7,
  entity: 'customer' as const,
  name: 'Acepta publicidad',
  type: 'boolean' as const,
  options: [],
  required: false,
  position: 0,
};
const original = window.matchMedia;

// The first render pays for loading antd and the app under a busy machine.
describe('CustomersPage', { timeout: 60_000 }, () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(() => {
    window.matchMedia = original;
  });

  it('lists customers sorted by name, with mail and phone links and the actions the user may take', async () => {
    const calls = stubFetch(() => ({ body: { data: { items, total: 1, page: 1, limit: 50 } } }));
    renderInApp(<CustomersPage />, {
      path: '/customers',
      user: testUser({ can: ['customers_find', 'customers_edit'] }),
    });
    expect(await screen.findByText('1 customer', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('orders={"contactName":"asc"}');
    expect(screen.getByRole('link', { name: 'lucia@example.es' }).getAttribute('href')).toBe(
      'mailto:lucia@example.es',
    );
    expect(screen.getByRole('link', { name: '+34 600 123 456' }).getAttribute('href')).toBe(
      'tel:+34600123456',
    );
    // The name opens the customer's page; the pencil, the form.
    expect(screen.getByRole('link', { name: 'Lucía' }).getAttribute('href')).toBe('/customers/view/1');
    expect(screen.queryByText('Prefiere las citas por la tarde.')).toBeNull();
    expect(screen.getByLabelText('Edit Lucía García López')).toBeTruthy();
    expect(screen.queryByLabelText('Delete Lucía García López')).toBeNull();
    expect(screen.queryByTestId('create-customer')).toBeNull();
  });

  it('shows a custom field as a column only once chosen, its value in words', async () => {
    stubFetch(() => ({ body: { data: { items, total: 1, page: 1, limit: 50 } } }));
    renderInApp(<CustomersPage />, {
      path: '/customers',
      customFields: [consent],
      user: testUser({
        can: ['customers_find'],
        uiConfig: { lists: { customers: { columns: ['contactName', 'customField7'] } } },
      }),
    });
    expect(await screen.findByText('1 customer', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Acepta publicidad' })).toBeTruthy();
    // The cell's text may settle a render after the count (its ellipsis is measured): a loaded CI lagged.
    expect(await screen.findByText('Yes', undefined, slow)).toBeTruthy();
  });

  it('reads as cards on a phone: name, phone, email and city in the first column', async () => {
    setViewportWidth(390);
    stubFetch(() => ({ body: { data: { items, total: 1, page: 1, limit: 50 } } }));
    renderInApp(<CustomersPage />, { path: '/customers', user: testUser({ can: ['customers_find'] }) });
    const card = await screen.findByTestId('customer-summary', undefined, slow);
    expect(card.textContent).toContain('Lucía García López');
    expect(card.textContent).toContain('+34 600 123 456');
    expect(card.textContent).toContain('lucia@example.es');
    expect(card.textContent).toContain('Zaragoza');
  });
});
