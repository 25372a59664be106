// @vitest-environment jsdom
import type { Booking } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import type { BookingInDrawer } from '../booking-values';
import { BookingDrawer } from './booking-drawer';

const slow = { timeout: 10_000 };
const HOUR = 3_600_000;

/** A booking starting `hoursAhead` from now, paid with a voucher unless told otherwise. */
function record(hoursAhead: number, over: Partial<Booking> = {}): Booking {
  const start = new Date(Math.ceil((Date.now() + hoursAhead * HOUR) / HOUR) * HOUR);
  return {
    id: 31,
    bookingCalendarId: 1,
    productId: 7,
    customerId: 4,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + HOUR).toISOString(),
    quantity: 1,
    notes: null,
    price: 0,
    status: 'confirmed',
    attended: null,
    rescheduleCount: 0,
    orderId: null,
    giftVoucherId: 9,
    giftVoucherCode: 'ABCD-EFGH-JKMN',
    balanceId: null,
    balanceName: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

const inDrawer = (b: Booking): BookingInDrawer => ({
  id: b.id,
  bookingCalendarId: b.bookingCalendarId,
  productId: b.productId,
  customerId: b.customerId,
  customerName: 'Luis Pérez',
  startsAt: b.startsAt,
  quantity: b.quantity,
  price: b.price,
  notes: b.notes,
  attended: b.attended,
});

/** The API with one booking: a PUT with status cancelled cancels it. */
function stubBooking(initial: Booking) {
  let current = initial;
  return stubFetch((url, init) => {
    if (url.includes(`/admin/bookings/${current.id}`)) {
      if (init.method === 'PUT') {
        current = { ...current, status: JSON.parse(String(init.body)).status ?? current.status };
      }
      return { body: { data: current } };
    }
    return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
  });
}

const settings = { bookings: { freeCancellationHours: 24 } };
const editor = testUser({ can: ['bookings_find', 'bookings_edit'] });

function open(b: Booking, user = editor) {
  return renderInApp(<BookingDrawer open booking={inDrawer(b)} onClose={() => {}} />, { user, settings });
}

describe('cancelling a booking from its drawer', () => {
  it('in time: says the voucher gets it back, sends status cancelled and shows the cancelled tag', async () => {
    const b = record(72);
    const calls = stubBooking(b);
    open(b);
    fireEvent.click(await screen.findByTestId('booking-cancel', undefined, slow));
    const dialog = await screen.findByTestId('booking-cancel-dialog', undefined, slow);
    expect(dialog.textContent).toContain(
      'It is at least 24 hours before its start: voucher ABCD-EFGH-JKMN gets this booking back.',
    );
    expect(screen.getAllByText('Cancel the booking of Luis Pérez?').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('booking-cancel-ok'));
    const tag = await screen.findByTestId('booking-cancelled', undefined, slow);
    expect(tag.textContent).toContain('Cancelled');
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({
      bookingCalendarId: 1,
      customerId: 4,
      startsAt: b.startsAt,
      quantity: 1,
      price: 0,
      status: 'cancelled',
    });
    expect(await screen.findByText('The booking has been cancelled', undefined, slow)).toBeTruthy();
    // Cancelled: read-only, nothing more to cancel, save or mark.
    await waitFor(() => expect(screen.queryByTestId('booking-cancel')).toBeNull(), slow);
    expect(screen.queryByTestId('booking-save')).toBeNull();
    expect(screen.queryByTestId('booking-attendance')).toBeNull();
  }, 60_000);

  it('late: says the voucher does not get it back; a sold one says cancelling gives no money back', async () => {
    const late = record(3);
    stubBooking(late);
    const { unmount } = open(late);
    fireEvent.click(await screen.findByTestId('booking-cancel', undefined, slow));
    const dialog = await screen.findByTestId('booking-cancel-dialog', undefined, slow);
    expect(dialog.textContent).toContain(
      'less than 24 hours before its start: voucher ABCD-EFGH-JKMN does not',
    );
    unmount();

    const sold = record(72, { giftVoucherId: null, giftVoucherCode: null, orderId: 40, price: 30 });
    stubBooking(sold);
    open(sold);
    fireEvent.click(await screen.findByTestId('booking-cancel', undefined, slow));
    const soldDialog = await screen.findByTestId('booking-cancel-dialog', undefined, slow);
    expect(soldDialog.textContent).toContain('It was sold in an order: cancelling gives no money back.');
    expect(soldDialog.textContent).not.toContain('voucher');
  }, 60_000);

  it('is not offered without bookings_edit, nor on a cancelled booking', async () => {
    const b = record(72);
    stubBooking(b);
    const { unmount } = open(b, testUser({ can: ['bookings_find'] }));
    const drawer = await screen.findByTestId('booking-drawer', undefined, slow);
    await screen.findByTestId('booking-sale', undefined, slow);
    expect(within(drawer).queryByTestId('booking-cancel')).toBeNull();
    unmount();

    const cancelled = record(72, { status: 'cancelled' });
    stubBooking(cancelled);
    open(cancelled);
    expect(await screen.findByTestId('booking-cancelled', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('booking-cancel')).toBeNull();
  }, 60_000);
});
