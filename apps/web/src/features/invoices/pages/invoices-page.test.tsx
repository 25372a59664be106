// @vitest-environment jsdom
import type { Invoice } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { alta, captureDownloads, fullInvoice, listItemOf, simplifiedInvoice } from '../../../test/invoices';
import { renderInApp, setViewportWidth, testUser } from '../../../test/render';
import { InvoicesPage } from './invoices-page';

const rejected: Invoice = {
  ...fullInvoice,
  id: 71,
  code: 'R2026-000002',
  type: 'R1',
  series: 'rectifying',
  total: -12.1,
  taxBase: -11,
  tax: -1.1,
  rectifiedInvoice: { id: 70, code: '2026-000012' },
  verifactu: [
    alta({
      id: 3,
      state: 'incorrect',
      errorCode: 1104,
      errorText: 'El NIF del destinatario no está identificado',
      csv: null,
    }),
  ],
};
const annulled: Invoice = {
  ...fullInvoice,
  annulment: { reason: 'Emitida al cliente equivocado', annulledAt: '2026-03-03T10:00:00Z', annulledBy: 1 },
  verifactu: [alta(), alta({ id: 4, kind: 'anulacion', state: 'pending', sentAt: null, csv: null })],
};
const slow = { timeout: 8000 };
const long = 60_000;
const user = testUser({ can: ['orders_find', 'orders_edit'] });

function fakeApi(byId: Record<number, Invoice>) {
  return stubFetch((url) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/v1/admin/invoices') {
      const items = [rejected, annulled, simplifiedInvoice].map(listItemOf);
      return { body: { data: { items, total: items.length, page: 1, limit: 50 } } };
    }
    const one = /^\/v1\/admin\/invoices\/(\d+)$/.exec(path);
    if (one) return { body: { data: byId[Number(one[1])] } };
    if (path.endsWith('/pdf')) return { body: { data: null } };
    return { status: 404, body: { error: { code: 1000104, message: 'Not found' } } };
  });
}

const listCalls = (calls: { url: string }[]) =>
  calls
    .filter((call) => new URL(call.url, 'http://x').pathname === '/v1/admin/invoices')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

describe('InvoicesPage', () => {
  it(
    'lists the invoices newest first with their type, amounts, annulment and Verifactu state, filtered from the toolbar',
    async () => {
      setViewportWidth(1280);
      const calls = fakeApi({});
      renderInApp(<InvoicesPage />, { path: '/invoices', user });
      const table = await screen.findByTestId('list-invoices', undefined, slow);
      await within(table).findByText('R2026-000002', undefined, slow);
      expect(screen.getByTestId('page-count').textContent).toBe('3 invoices');
      expect(listCalls(calls)[0]).toMatchObject({ orders: '{"issuedAt":"desc"}' });
      const rows = table.querySelectorAll('tbody tr[data-row-key]');
      expect([...rows].map((row) => row.getAttribute('data-row-key'))).toEqual(['71', '70', '69']);
      const [first, second, third] = [...rows] as HTMLElement[];
      expect(first?.textContent).toContain('Rectifying R1');
      expect(first?.textContent).toContain('-12,10\u00a0€');
      expect(within(first as HTMLElement).getByTestId('verifactu-state-tag').textContent).toBe('Rejected');
      expect(within(second as HTMLElement).getByTestId('invoice-annulled-tag').textContent).toBe('Annulled');
      expect(second?.textContent).toContain('Talleres Ebro SA');
      // The tax id and the tax base wait in the column chooser.
      expect(second?.textContent).not.toContain('A50000001');
      expect(table.querySelectorAll('thead th')).toHaveLength(9);
      expect(third?.textContent).toContain('Simplified: no recipient');
      expect(
        within(third as HTMLElement)
          .getByRole('link', { name: '#1040' })
          .getAttribute('href'),
      ).toBe('/orders/edit/41');

      fireEvent.mouseDown(within(screen.getByTestId('invoice-filter-type')).getByRole('combobox'));
      fireEvent.click(await screen.findByText('F2 · Simplified invoice', undefined, slow));
      await waitFor(() => expect(listCalls(calls).at(-1)?.filters).toBe('{"type":{"in":["F2"]}}'), slow);
      fireEvent.mouseDown(within(screen.getByTestId('invoice-filter-annulled')).getByRole('combobox'));
      fireEvent.click(await screen.findByTitle('In force', undefined, slow));
      await waitFor(
        () =>
          expect(JSON.parse(listCalls(calls).at(-1)?.filters ?? '{}')).toEqual({
            type: { in: ['F2'] },
            annulled: { eq: false },
          }),
        slow,
      );
    },
    long,
  );

  it(
    'opens an invoice in a drawer: lines, VAT, totals, its records with AEAT’s answer, the one it rectifies, its PDF',
    async () => {
      setViewportWidth(1280);
      const downloads = captureDownloads();
      const calls = fakeApi({ 70: annulled, 71: rejected });
      const { router } = renderInApp(<InvoicesPage />, { path: '/invoices', user });
      fireEvent.click(await screen.findByText('R2026-000002', undefined, slow));
      const drawer = await screen.findByTestId('invoice-drawer', undefined, slow);
      await waitFor(() => expect(router.state.location.search).toBe('?invoice=71'), slow);
      await within(drawer).findByTestId('invoice-facts', undefined, slow);
      expect(within(drawer).getByText('Invoice R2026-000002')).toBeTruthy();
      expect(within(drawer).getByTestId('invoice-facts').textContent).toContain(
        'Rectifying invoice (error in law, art. 80 One, Two, Six LIVA)',
      );
      expect(within(drawer).getByTestId('invoice-lines').textContent).toContain('Masaje 60 min');
      expect(within(drawer).getByTestId('invoice-taxes').textContent).toContain('21 %');
      expect(within(drawer).getByTestId('invoice-total').textContent).toBe('-12,10\u00a0€');
      expect(within(drawer).getByTestId('invoice-record-error').textContent).toBe(
        'AEAT: 1104 · El NIF del destinatario no está identificado',
      );
      expect(within(drawer).getByTestId('invoice-order-link').getAttribute('href')).toBe('/orders/edit/41');

      fireEvent.click(within(drawer).getByTestId('invoice-pdf'));
      await waitFor(() => expect(downloads.names).toEqual(['factura-R2026-000002.pdf']), slow);
      expect(calls.some((call) => call.url === '/v1/admin/invoices/71/pdf')).toBe(true);

      // The invoice it rectifies, in the same drawer: annulled, with its reason and both records.
      fireEvent.click(within(drawer).getByTestId('invoice-rectified'));
      await waitFor(() => expect(router.state.location.search).toBe('?invoice=70'), slow);
      const annulment = await within(drawer).findByTestId('invoice-annulment', undefined, slow);
      expect(annulment.textContent).toContain('Emitida al cliente equivocado');
      expect(
        within(drawer)
          .getAllByTestId('invoice-record')
          .map((record) => record.getAttribute('data-kind')),
      ).toEqual(['alta', 'anulacion']);
      expect(within(drawer).getAllByTestId('invoice-record')[1]?.textContent).toContain('not sent yet');
      // Annulled already: nothing more to annul.
      expect(within(drawer).queryByTestId('invoice-annul')).toBeNull();
    },
    long,
  );

  it('shows each invoice as a card on a phone: number and total, type and day, recipient, state', async () => {
    setViewportWidth(390);
    fakeApi({});
    renderInApp(<InvoicesPage />, { path: '/invoices', user });
    const cards = await screen.findAllByTestId('invoice-summary', undefined, slow);
    expect(cards).toHaveLength(3);
    expect(cards[0]?.textContent).toContain('R2026-000002');
    expect(cards[0]?.textContent).toContain('-12,10\u00a0€');
    expect(cards[0]?.textContent).toContain('Rectifying R1 · 03/02/2026');
    expect(cards[0]?.textContent).toContain('Talleres Ebro SA');
    expect(within(cards[0] as HTMLElement).getByTestId('verifactu-state-tag').textContent).toBe('Rejected');
    expect(within(cards[1] as HTMLElement).getByTestId('invoice-annulled-tag')).toBeTruthy();
    expect(cards[2]?.textContent).toContain('Simplified: no recipient');
  });
});
