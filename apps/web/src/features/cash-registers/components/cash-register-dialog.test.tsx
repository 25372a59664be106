// @vitest-environment jsdom
import type { CashRegisterSummary } from '@mostrador/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { CashRegisterDialog } from './cash-register-dialog';

const open: CashRegisterSummary = {
  id: 5,
  startsAt: '2026-11-24T08:00:00.000Z',
  endDate: null,
  openedBy: 1,
  closedBy: null,
  username: 'ana',
  notes: null,
  cashCount: null,
  reportFileId: null,
  initialAmount: 300,
  currentCashAmount: 395,
  ordersCount: 1,
  ordersAmount: 95,
  refundsCount: 0,
  refundsAmount: 0,
  cashOrdersCount: 1,
  cashOrdersAmount: 95,
  cashRefundsCount: 0,
  cashRefundsAmount: 0,
  cardOrdersCount: 0,
  cardOrdersAmount: 0,
  cardRefundsCount: 0,
  cardRefundsAmount: 0,
  productsSoldCash: [{ name: 'Masaje', price: 95, quantity: 1, amount: 95 }],
  productsRefundCash: [],
  productsSoldCard: [],
  productsRefundCard: [],
};
// Closed at 23:30 UTC: already the 25th in Madrid, the day the report is named after.
const closed = {
  ...open,
  endDate: '2026-11-24T23:30:00.000Z',
  closedBy: 1,
  notes: 'ok',
  reportFileId: 77,
  cashCount: { countedCash: 395, expectedCash: 395, difference: 0, denominations: null },
};

afterEach(() => vi.restoreAllMocks());

describe('closing the register', () => {
  it('downloads the report at once and offers it again in the confirmation', async () => {
    let isOpen = true;
    const calls = stubFetch((url, init) => {
      if (url.endsWith('/admin/cash-register/open')) return { body: { data: isOpen ? open : null } };
      if (url.endsWith('/admin/cash-register/close') && init.method === 'PATCH') {
        isOpen = false;
        return { body: { data: closed } };
      }
      if (url.endsWith('/admin/files/download/77')) return { body: '%PDF-1.7' };
      return { status: 404, body: { error: { code: 0, message: 'not found' } } };
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const onClose = vi.fn();
    renderInApp(<CashRegisterDialog open onClose={onClose} />, {
      user: testUser({ can: ['cashRegisters_find', 'cashRegisters_close'] }),
    });

    fireEvent.click(await screen.findByTestId('close-register', undefined, { timeout: 8000 }));
    // Counted as one amount, exactly the 395 € expected: closed without asking.
    fireEvent.click(screen.getByText('One amount'));
    fireEvent.change(await screen.findByLabelText('Cash counted in the drawer'), {
      target: { value: '395' },
    });
    fireEvent.change(screen.getByLabelText('Closing notes'), { target: { value: 'ok' } });
    expect(screen.getByTestId('cash-count-difference').dataset.difference).toBe('balanced');
    fireEvent.click(screen.getByTestId('confirm-close-register'));

    await waitFor(() => expect(downloads).toEqual(['cash-register-5-2026-11-25.pdf']), { timeout: 8000 });
    expect(onClose).toHaveBeenCalled();
    const close = calls.find((c) => c.url.endsWith('/admin/cash-register/close'));
    expect(JSON.parse(String(close?.init.body))).toEqual({ notes: 'ok', countedCash: 395 });
    expect(await screen.findByText('The cash register has been closed')).toBeTruthy();

    // The browser may have blocked it: the confirmation's button downloads it again.
    fireEvent.click(await screen.findByTestId('download-register-report'));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/admin/files/download/77'))).toHaveLength(2);
  });
});

describe('counting the drawer when closing', () => {
  function stubClose() {
    return stubFetch((url, init) => {
      if (url.endsWith('/admin/cash-register/open')) return { body: { data: open } };
      if (url.endsWith('/admin/cash-register/close') && init.method === 'PATCH')
        return { body: { data: { ...closed, reportFileId: null } } };
      return { status: 404, body: { error: { code: 0, message: 'not found' } } };
    });
  }
  const closeBodies = (calls: { url: string; init: RequestInit }[]) =>
    calls
      .filter((c) => c.url.endsWith('/admin/cash-register/close'))
      .map((c) => JSON.parse(String(c.init.body)));

  it('sums the notes and coins live, shows the difference in its colour and sends the count note by note', {
    timeout: 60_000,
  }, async () => {
    const calls = stubClose();
    renderInApp(<CashRegisterDialog open onClose={vi.fn()} />, {
      user: testUser({ can: ['cashRegisters_find', 'cashRegisters_close'] }),
    });
    fireEvent.click(await screen.findByTestId('close-register', undefined, { timeout: 8000 }));
    expect(screen.getByTestId('cash-count-expected').textContent).toContain('395,00');
    // Nothing counted yet: all 395 € missing, in red.
    const difference = () => screen.getByTestId('cash-count-difference');
    expect(difference().dataset.difference).toBe('short');
    expect(difference().closest('.ant-typography-danger')).toBeTruthy();
    const count = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^Number of ${label}.€$`)), { target: { value } });
    count('200,00', '2');
    await waitFor(() => expect(screen.getByTestId('cash-count-counted').textContent).toContain('400,00'));
    expect(difference().dataset.difference).toBe('over');
    expect(difference().textContent).toContain('+5,00');
    expect(difference().closest('.ant-typography-success')).toBeTruthy();
    count('200,00', '1');
    count('100,00', '1');
    count('50,00', '1');
    count('20,00', '2');
    count('0,10', '30');
    count('0,05', '40');
    // 200 + 100 + 50 + 40 + 3 + 2 = 395 €, in cents (30 × 0,10 is no float 3).
    await waitFor(() => expect(difference().dataset.difference).toBe('balanced'));
    fireEvent.click(screen.getByTestId('confirm-close-register'));
    await waitFor(() => expect(closeBodies(calls)).toHaveLength(1));
    expect(closeBodies(calls)[0]).toEqual({
      notes: '',
      denominations: [
        { value: 200, count: 1 },
        { value: 100, count: 1 },
        { value: 50, count: 1 },
        { value: 20, count: 2 },
        { value: 0.1, count: 30 },
        { value: 0.05, count: 40 },
      ],
    });
  });

  it('asks before closing with cash missing, and stays open when told to go back', {
    timeout: 60_000,
  }, async () => {
    const calls = stubClose();
    renderInApp(<CashRegisterDialog open onClose={vi.fn()} />, {
      user: testUser({ can: ['cashRegisters_find', 'cashRegisters_close'] }),
    });
    fireEvent.click(await screen.findByTestId('close-register', undefined, { timeout: 8000 }));
    fireEvent.click(screen.getByText('One amount'));
    // No amount yet: said on the field, nothing sent.
    fireEvent.click(screen.getByTestId('confirm-close-register'));
    expect(await screen.findByText('Count the cash in the drawer before closing')).toBeTruthy();
    expect(closeBodies(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Cash counted in the drawer'), { target: { value: '390,5' } });
    await waitFor(() => expect(screen.getByTestId('cash-count-difference').textContent).toContain('4,50'));
    expect(screen.getByTestId('cash-count-difference').dataset.difference).toBe('short');
    fireEvent.click(screen.getByTestId('confirm-close-register'));
    expect(
      await screen.findByText(/^4,50.€ is missing from the drawer\. Close the register anyway\?$/),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('cancel-close-difference'));
    await waitFor(() => expect(screen.queryByText('Close with a difference?')).toBeNull());
    expect(closeBodies(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('confirm-close-register'));
    fireEvent.click(await screen.findByTestId('confirm-close-difference'));
    await waitFor(() => expect(closeBodies(calls)).toEqual([{ notes: '', countedCash: 390.5 }]));
  });
});
