// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { CashRegistersPage } from './cash-registers-page';

const figures = {
  initialAmount: 300,
  currentCashAmount: 1234.5,
  ordersCount: 1250,
  ordersAmount: 4321.1,
  refundsCount: 2,
  refundsAmount: 55,
  cashOrdersCount: 10,
  cashOrdersAmount: 934.5,
  cashRefundsCount: 0,
  cashRefundsAmount: 0,
  cardOrdersCount: 1240,
  cardOrdersAmount: 3386.6,
  cardRefundsCount: 2,
  cardRefundsAmount: 55,
};
const closed = {
  ...figures,
  id: 7,
  startsAt: '2026-03-02T07:45:00Z',
  endDate: '2026-03-02T20:10:00Z',
  username: 'lucia',
  notes: 'Cuadre correcto',
  reportFileId: null,
  // 2 € short of the 1.234,50 € expected, counted note by note.
  cashCount: {
    countedCash: 1232.5,
    expectedCash: 1234.5,
    difference: -2,
    denominations: [
      { value: 500, count: 2 },
      { value: 200, count: 1 },
      { value: 20, count: 1 },
      { value: 10, count: 1 },
      { value: 2, count: 1 },
      { value: 0.5, count: 1 },
    ],
  },
};
const open = {
  ...figures,
  id: 8,
  startsAt: '2026-03-03T07:45:00Z',
  endDate: null,
  username: 'demo',
  notes: null,
  reportFileId: null,
  cashCount: null,
};
const summary = {
  ...closed,
  openedBy: 2,
  closedBy: 2,
  productsSoldCash: [{ name: 'Vela aromática de lavanda', price: 14.9, quantity: 3, amount: 44.7 }],
  productsRefundCash: [],
  productsSoldCard: [],
  productsRefundCard: [],
};

const slow = { timeout: 8000 };

describe('CashRegistersPage', () => {
  it('lists registers latest opened first, figures in euros in the company’s time zone, and opens one', {
    timeout: 40_000,
  }, async () => {
    const calls = stubFetch((url) =>
      url.includes('/admin/cash-register/7')
        ? { body: { data: summary } }
        : { body: { data: { items: [open, closed], total: 2, page: 1, limit: 50 } } },
    );
    renderInApp(<CashRegistersPage />, {
      path: '/cash-registers',
      user: testUser({ can: ['cashRegisters_find'] }),
    });
    expect(await screen.findByText('2 registers', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('orders={"startsAt":"desc"}');
    // Madrid is an hour ahead of UTC in March.
    expect(screen.getByText('03/02/2026 8:45 AM').closest('button')).toBeTruthy();
    expect(screen.getByText('03/02/2026 9:10 PM')).toBeTruthy();
    expect(screen.getAllByText('4.321,10 €').length).toBe(2);
    expect(screen.getAllByText('1.250').length).toBe(2);
    // The id, and the split by payment method, wait in the column chooser.
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toContain('Sales amount');
    // The difference counted at closing, in red when cash was missing; none while open.
    expect(headers).toContain('Difference');
    const short = screen.getByText(/^-2,00.€ · Cash short$/);
    expect(short.closest('.ant-typography-danger')).toBeTruthy();
    expect(headers).not.toContain('ID');
    expect(headers).not.toContain('Card sales');
    // Still open: it says so; no report yet on either.
    expect(screen.getAllByText('Open').length).toBeGreaterThan(0);
    for (const button of screen.getAllByTestId('register-report'))
      expect((button as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('View the register opened 03/02/2026 8:45 AM'));
    const drawer = await screen.findByTestId('register-drawer', undefined, slow);
    expect(
      await within(drawer).findByText('Register opened 03/02/2026 8:45 AM', undefined, slow),
    ).toBeTruthy();
    expect(within(drawer).getByText('Cuadre correcto')).toBeTruthy();
    expect(within(drawer).getByText('Vela aromática de lavanda')).toBeTruthy();
    expect(within(drawer).getByTestId('current-cash').textContent).toMatch(/1\.234,50\s€/);
    const count = within(drawer).getByTestId('register-cash-count');
    expect(count.textContent).toMatch(/Expected cash1\.234,50\s€/);
    expect(count.textContent).toMatch(/Counted cash1\.232,50\s€/);
    expect(within(count).getByTestId('register-cash-difference').dataset.difference).toBe('short');
    const rows = within(count).getByTestId('register-cash-denominations').querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual([
      '500,00 €21.000,00 €',
      '200,00 €1200,00 €',
      '20,00 €120,00 €',
      '10,00 €110,00 €',
      '2,00 €12,00 €',
      '0,50 €10,50 €',
    ]);
  });

  it('filters open or closed registers through the URL', async () => {
    const calls = stubFetch(() => ({ body: { data: { items: [], total: 0, page: 1, limit: 50 } } }));
    renderInApp(<CashRegistersPage />, {
      path: '/cash-registers',
      route: '/cash-registers?filters=%7B%22endDate%22%3A%7B%22isNull%22%3Atrue%7D%7D',
      user: testUser({ can: ['cashRegisters_find'] }),
    });
    expect(await screen.findByText('Nothing matches your search or filters.', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('filters={"endDate":{"isNull":true}}');
  });
});
