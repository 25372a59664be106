// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
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
    createdAt: '2026-01-15T10:00:00+01:00',
  },
];

const slow = { timeout: 8000 };

describe('CustomersPage', () => {
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
});
