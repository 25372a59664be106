// @vitest-environment jsdom
import type { CustomField } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes, testUser } from '../../../test/render';
import { CustomerCreatePage } from './customer-create-page';
import { CustomerEditPage } from './customer-edit-page';

const source: CustomField = {
  id: 3,
  entity: 'customer',
  name: 'How did you find us?',
  type: 'select',
  options: ['Instagram', 'Google'],
  required: true,
  position: 1,
};
const productField: CustomField = { ...source, id: 4, entity: 'product', name: 'Colour', required: false };

const routes = [
  { path: '/customers', element: <p>customer list</p> },
  {
    path: '/customers/create',
    element: (
      <App>
        <CustomerCreatePage />
      </App>
    ),
  },
  {
    path: '/customers/edit/:id',
    element: (
      <App>
        <CustomerEditPage />
      </App>
    ),
  },
];
const user = testUser({ can: ['customers_find', 'customers_create', 'customers_edit', 'customers_delete'] });

function renderCreate() {
  return renderRoutes(routes, { route: '/customers/create', user, customFields: [source, productField] });
}

/** antd validates asynchronously, and jsdom renders it slowly on a small machine. */
const slow = { timeout: 8000 };
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the customer form', () => {
  it('checks the fields with the contract before sending, then creates the customer', async () => {
    const calls = stubFetch((_url, init) => ({
      status: 201,
      body: { data: { id: 9, ...JSON.parse(String(init.body)), customFields: [] } },
    }));
    const { router } = renderCreate();
    expect(screen.getByTestId('customer-section-more')).toBeTruthy();
    expect(screen.queryByLabelText('Colour')).toBeNull();
    expect(field('Country').value).toBe('España');
    // Eight digits: no Spanish number, so no +34 is guessed and the rule speaks.
    fireEvent.change(field('Phone'), { target: { value: '600 123 45' } });
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    expect(
      await screen.findByText(
        'The phone must begin with a country code (e.g. +34) followed by the number',
        undefined,
        slow,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(calls).toHaveLength(0);

    fireEvent.change(field('Name'), { target: { value: ' Lucía ' } });
    fireEvent.change(field('Email'), { target: { value: 'Lucia@Example.ES' } });
    // A Spanish number typed as people say it gets the company's +34.
    fireEvent.change(field('Phone'), { target: { value: '600 12 34 56' } });
    expect(field('Phone').value).toBe('+34600123456');
    fireEvent.change(field('Tax ID'), { target: { value: 'b12345678' } });
    fireEvent.mouseDown(field('How did you find us?'));
    fireEvent.click(await screen.findByTitle('Google', undefined, slow));
    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/v1/admin/customers');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      name: 'Lucía',
      email: 'lucia@example.es',
      phone: '+34600123456',
      vat: 'B12345678',
      surname: null,
      country: 'España',
      birthdate: null,
      customFields: [{ customFieldId: 3, value: 'Google' }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    // The whole form filled and checked field by field: slow in jsdom on a busy machine.
  }, 60_000);

  it('shows a duplicate email on the email field', async () => {
    stubFetch(() => ({
      status: 409,
      body: { error: { code: 1000011, message: 'exists', details: [{ field: 'email', message: 'x' }] } },
    }));
    renderRoutes(routes, { route: '/customers/create', user });
    fireEvent.change(field('Name'), { target: { value: 'Lucía' } });
    fireEvent.change(field('Email'), { target: { value: 'lucia@example.es' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    const email = screen.getByTestId('customer-section-contact');
    expect(
      await within(email).findByText('A customer with this email already exists.', undefined, slow),
    ).toBeTruthy();
  });

  it('says so when the customer does not exist', async () => {
    stubFetch(() => ({ status: 404, body: { error: { code: 1000104, message: 'Not found' } } }));
    renderRoutes(routes, { route: '/customers/edit/404', user });
    expect(await screen.findByTestId('customer-not-found', undefined, slow)).toBeTruthy();
    expect(screen.getByText('This customer does not exist or has been deleted.')).toBeTruthy();
  });

  it('edits a customer: loads it, sends the changes with PUT', async () => {
    const customer = {
      id: 5,
      name: 'Pablo',
      surname: 'Ruiz',
      company: null,
      vat: null,
      email: null,
      phone: null,
      birthdate: '1990-02-03',
      gender: 'male',
      street: null,
      streetNumber: null,
      city: 'Madrid',
      state: null,
      postalCode: null,
      country: 'España',
      notes: null,
      image: null,
      customFields: [],
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    };
    const calls = stubFetch((_url, init) => ({
      body: { data: init.method === 'PUT' ? { ...customer, ...JSON.parse(String(init.body)) } : customer },
    }));
    renderRoutes(routes, { route: '/customers/edit/5', user });
    expect(await screen.findByRole('heading', { name: 'Pablo Ruiz' }, slow)).toBeTruthy();
    expect(field('Name').value).toBe('Pablo');
    fireEvent.change(field('City'), { target: { value: 'Getafe' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(put?.url).toBe('/v1/admin/customers/5');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({
      city: 'Getafe',
      birthdate: '1990-02-03',
      gender: 'male',
    });
  });
});
