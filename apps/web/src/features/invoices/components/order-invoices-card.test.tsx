// @vitest-environment jsdom
import type { Customer, CustomerListItem, Invoice, Order } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { captureDownloads, fullInvoice, simplifiedInvoice } from '../../../test/invoices';
import { renderInApp, testUser } from '../../../test/render';
import { canIssueFullInvoice } from '../invoice-rules';
import { OrderInvoicesCard } from './order-invoices-card';

const order: Order = {
  id: 41,
  code: 1040,
  customerId: 3,
  status: 'paid',
  paymentMethod: 'card',
  notes: null,
  taxBase: 85.38,
  taxes: 16.72,
  total: 102.1,
  invoiceCode: 'T2026-000031',
  paymentDate: '2026-03-02T09:16:00Z',
  paymentTransactionToken: null,
  originalOrderId: null,
  cashRegisterId: 3,
  createdAt: '2026-03-02T09:15:00Z',
  updatedAt: '2026-03-02T09:16:00Z',
  lines: [],
};
const customer = (overrides: Partial<Customer>): Customer => ({
  id: 3,
  name: 'Irene',
  surname: 'Vidal',
  company: null,
  vat: null,
  email: 'irene@example.es',
  phone: null,
  birthdate: null,
  gender: null,
  street: null,
  streetNumber: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  notes: null,
  image: null,
  language: null,
  customFields: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});
const company: CustomerListItem = {
  id: 8,
  companyName: 'Talleres Ebro SA',
  vat: 'A50000001',
  contactName: 'Marta',
  contactSurname: 'Gil',
  contactEmail: 'compras@talleresebro.example.es',
  contactPhone: null,
  image: null,
  notes: null,
  city: null,
  customFields: [],
  createdAt: '2026-01-01T00:00:00Z',
};
const slow = { timeout: 8000 };
const long = 60_000;
const clerk = testUser({ can: ['orders_find', 'orders_edit', 'customers_find', 'customers_edit'] });

type Answer = { status?: number; body?: unknown };

function fakeApi(invoices: () => Invoice[], issue: (body: unknown) => Answer = () => ({ status: 500 })) {
  return stubFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/v1/admin/orders/41/invoice') return issue(JSON.parse(String(init.body)));
    if (path === '/v1/admin/orders/41/invoices') return { body: { data: invoices() } };
    if (path === '/v1/admin/customers/3') return { body: { data: customer({}) } };
    if (path === '/v1/admin/customers/8')
      return {
        body: {
          data: customer({
            id: 8,
            name: 'Marta',
            surname: 'Gil',
            company: 'Talleres Ebro SA',
            vat: 'A50000001',
            email: company.contactEmail,
          }),
        },
      };
    if (path === '/v1/admin/customers')
      return { body: { data: { items: [company], total: 1, page: 1, limit: 20 } } };
    if (path.endsWith('/pdf')) return { body: { data: null } };
    return { status: 404, body: { error: { code: 1000104, message: 'Not found' } } };
  });
}

describe('OrderInvoicesCard', () => {
  it('lists the order’s invoices with their type, total, Verifactu state and AEAT’s error, and downloads a PDF', async () => {
    const downloads = captureDownloads();
    const calls = fakeApi(() => [simplifiedInvoice]);
    renderInApp(<OrderInvoicesCard order={order} defaultEmail="irene@example.es" />, { user: clerk });
    const row = await screen.findByTestId('order-invoice', undefined, slow);
    expect(within(row).getByTestId('order-invoice-code').textContent).toBe('T2026-000031');
    expect(row.textContent).toContain('Simplified invoice');
    expect(within(row).getByTestId('order-invoice-total').textContent).toBe('102,10\u00a0€');
    expect(within(row).getByTestId('verifactu-state-tag').textContent).toBe('Accepted with errors');
    expect(within(row).getByTestId('invoice-verifactu-error').textContent).toBe(
      'AEAT: 1117 · Si la factura es simplificada, el importe no puede superar el límite',
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Download the PDF of invoice T2026-000031' }));
    await waitFor(() => expect(downloads.names).toEqual(['factura-T2026-000031.pdf']), slow);
    expect(calls.some((call) => call.url === '/v1/admin/invoices/69/pdf')).toBe(true);
  });

  it(
    'issues the full invoice: the order’s customer without tax id is said with a link to it, another customer is chosen',
    async () => {
      let invoices: Invoice[] = [simplifiedInvoice];
      const issued: Invoice = {
        ...fullInvoice,
        type: 'F3',
        code: '2026-000013',
        replacedInvoice: { id: 69, code: 'T2026-000031' },
      };
      const calls = fakeApi(
        () => invoices,
        (body) => {
          invoices = [simplifiedInvoice, issued];
          return { status: 201, body: { data: { ...issued, body } } };
        },
      );
      renderInApp(<OrderInvoicesCard order={order} defaultEmail="irene@example.es" />, { user: clerk });
      fireEvent.click(await screen.findByTestId('order-invoice-issue', undefined, slow));
      const dialog = await screen.findByTestId('invoice-issue-dialog', undefined, slow);
      expect(dialog.textContent).toContain('replacing the simplified invoice T2026-000031');
      // The order's customer has no tax id: said, with a way to add it; nothing to send yet.
      const missing = await within(dialog).findByTestId('invoice-issue-missing-tax-id', undefined, slow);
      expect(missing.textContent).toContain(
        'The customer has no tax id: add it to the customer to issue a full invoice.',
      );
      expect(within(missing).getByTestId('invoice-issue-edit-customer').getAttribute('href')).toBe(
        '/customers/edit/3',
      );
      const confirm = screen.getByTestId('invoice-issue-confirm') as HTMLButtonElement;
      expect(confirm.disabled).toBe(true);

      // Another customer, with a tax id.
      fireEvent.mouseDown(within(dialog).getByRole('combobox'));
      fireEvent.click(await screen.findByText('Marta Gil', undefined, slow));
      await waitFor(
        () => expect(within(dialog).getByTestId('invoice-issue-tax-id').textContent).toBe('A50000001'),
        slow,
      );
      expect(within(dialog).getByTestId('invoice-issue-recipient').textContent).toContain('Talleres Ebro SA');
      await waitFor(() => expect(confirm.disabled).toBe(false), slow);
      fireEvent.click(within(dialog).getByTestId('invoice-issue-send'));
      fireEvent.click(confirm);
      expect(await screen.findByText('Invoice 2026-000013 issued', undefined, slow)).toBeTruthy();
      const post = calls.find((call) => call.init.method === 'POST');
      expect(JSON.parse(String(post?.init.body))).toEqual({
        customerId: 8,
        sendTo: 'compras@talleresebro.example.es',
      });
      // The card reads the order's invoices again: the new one, and no more "Generate invoice".
      await waitFor(() => expect(screen.getAllByTestId('order-invoice').length).toBe(2), slow);
      expect(screen.queryByTestId('order-invoice-issue')).toBeNull();
      expect(screen.getAllByTestId('order-invoice')[1]?.textContent).toContain('Replaces T2026-000031');
      // The ticket it replaced stays for the record, its PDF only.
      const ticket = screen.getAllByTestId('order-invoice')[0] as HTMLElement;
      expect(within(ticket).getByTestId('order-invoice-replaced-by').textContent).toBe(
        'Replaced by 2026-000013',
      );
      expect(within(ticket).queryByTestId('invoice-annul')).toBeNull();
      expect(within(ticket).getByTestId('invoice-pdf')).toBeTruthy();
    },
    long,
  );

  it('shows the server’s refusal in the dialog, with the way to fix it', async () => {
    fakeApi(
      () => [],
      () => ({ status: 409, body: { error: { code: 1000155, message: 'invalid tax id' } } }),
    );
    renderInApp(
      <OrderInvoicesCard order={{ ...order, customerId: 8, invoiceCode: null }} defaultEmail={null} />,
      { user: clerk },
    );
    expect((await screen.findByTestId('order-invoices-none', undefined, slow)).textContent).toBe(
      'This sale has no invoice yet.',
    );
    fireEvent.click(screen.getByTestId('order-invoice-issue'));
    const dialog = await screen.findByTestId('invoice-issue-dialog', undefined, slow);
    expect(dialog.textContent).toContain('A full invoice with the customer’s name and tax ID.');
    const confirm = screen.getByTestId('invoice-issue-confirm') as HTMLButtonElement;
    await within(dialog).findByTestId('invoice-issue-tax-id', undefined, slow);
    await waitFor(() => expect(confirm.disabled).toBe(false), slow);
    fireEvent.click(confirm);
    const error = await within(dialog).findByTestId('invoice-issue-error', undefined, slow);
    expect(error.textContent).toContain("The customer's tax id is not valid for an invoice");
    expect(within(error).getByTestId('invoice-issue-edit-customer').getAttribute('href')).toBe(
      '/customers/edit/8',
    );
  });

  it('offers no issue nor annulment without orders_edit, and annuls with a reason with it', async () => {
    const calls = fakeApi(() => [fullInvoice]);
    const view = renderInApp(<OrderInvoicesCard order={order} defaultEmail={null} />, {
      user: testUser({ can: ['orders_find'] }),
    });
    await screen.findByTestId('order-invoice', undefined, slow);
    expect(screen.queryByTestId('invoice-annul')).toBeNull();
    expect(screen.queryByTestId('order-invoice-issue')).toBeNull();
    // Mailing it is a change too (an outbox mail): orders_edit as well.
    expect(screen.queryByTestId('invoice-mail')).toBeNull();
    view.unmount();

    stubFetch((url, init) => {
      calls.push({ url, init });
      if (url.endsWith('/annul'))
        return {
          body: { data: { ...fullInvoice, annulment: { reason: 'x', annulledAt: '', annulledBy: 1 } } },
        };
      return { body: { data: [fullInvoice] } };
    });
    renderInApp(<OrderInvoicesCard order={order} defaultEmail={null} />, { user: clerk });
    fireEvent.click(await screen.findByTestId('invoice-annul', undefined, slow));
    const dialog = await screen.findByTestId('invoice-annul-dialog', undefined, slow);
    expect(dialog.textContent).toContain('Annul invoice 2026-000012?');
    fireEvent.change(within(dialog).getByTestId('invoice-annul-reason'), { target: { value: 'no' } });
    fireEvent.click(screen.getByTestId('invoice-annul-confirm'));
    expect(await within(dialog).findByText('Enter at least 3 characters', undefined, slow)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('invoice-annul-reason'), {
      target: { value: ' Emitida al cliente equivocado ' },
    });
    fireEvent.click(screen.getByTestId('invoice-annul-confirm'));
    expect(await screen.findByText('Invoice 2026-000012 annulled', undefined, slow)).toBeTruthy();
    const post = calls.find((call) => call.url.endsWith('/annul'));
    expect(post?.url).toBe('/v1/admin/invoices/70/annul');
    expect(JSON.parse(String(post?.init.body))).toEqual({ reason: 'Emitida al cliente equivocado' });
  });

  it('knows when a sale may get its full invoice', () => {
    expect(canIssueFullInvoice(order, [simplifiedInvoice])).toBe(true);
    expect(canIssueFullInvoice(order, [simplifiedInvoice, fullInvoice])).toBe(false);
    const annulled = { ...fullInvoice, annulment: { reason: 'error', annulledAt: '', annulledBy: 1 } };
    expect(canIssueFullInvoice(order, [annulled])).toBe(true);
    expect(canIssueFullInvoice({ ...order, status: 'awaiting_payment' }, [])).toBe(false);
    expect(canIssueFullInvoice({ ...order, status: 'refunded' }, [])).toBe(true);
    expect(canIssueFullInvoice({ ...order, originalOrderId: 40 }, [])).toBe(false);
  });
});
