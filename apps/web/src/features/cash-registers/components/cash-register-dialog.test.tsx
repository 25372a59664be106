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
const closed = { ...open, endDate: '2026-11-24T23:30:00.000Z', closedBy: 1, notes: 'ok', reportFileId: 77 };

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
    fireEvent.change(screen.getByLabelText('Closing notes'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByTestId('confirm-close-register'));

    await waitFor(() => expect(downloads).toEqual(['cash-register-5-2026-11-25.pdf']), { timeout: 8000 });
    expect(onClose).toHaveBeenCalled();
    const close = calls.find((c) => c.url.endsWith('/admin/cash-register/close'));
    expect(JSON.parse(String(close?.init.body))).toEqual({ notes: 'ok' });
    expect(await screen.findByText('The cash register has been closed')).toBeTruthy();

    // The browser may have blocked it: the confirmation's button downloads it again.
    fireEvent.click(await screen.findByTestId('download-register-report'));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/admin/files/download/77'))).toHaveLength(2);
  });
});
