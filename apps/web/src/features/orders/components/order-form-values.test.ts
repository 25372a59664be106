import type { Booking } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { parseBookingIds } from '../pages/order-create-page';
import { chargeValues, toBody } from './order-form-values';

const booking = (id: number, values: Partial<Booking> = {}): Booking => ({
  id,
  bookingCalendarId: 3,
  productId: 7,
  customerId: 11,
  startsAt: '2027-04-05T08:00:00.000Z',
  endsAt: '2027-04-05T09:00:00.000Z',
  quantity: 2,
  notes: null,
  price: 42.5,
  status: 'confirmed',
  attended: null,
  rescheduleCount: 0,
  orderId: null,
  giftVoucherId: null,
  giftVoucherCode: null,
  balanceId: null,
  balanceName: null,
  createdAt: '2027-04-01T08:00:00.000Z',
  updatedAt: '2027-04-01T08:00:00.000Z',
  ...values,
});

describe('checkout from bookings', () => {
  it('charges each booking at its price and quantity, paid at the counter, for its customer', () => {
    const values = chargeValues(
      [booking(1), booking(2, { productId: 8, quantity: 1, price: 30 })],
      ['cash', 'online'],
    );
    expect(values).toMatchObject({ customerId: 11, status: 'paid', paymentMethod: 'cash' });
    const body = toBody(values);
    expect(body.lines).toEqual([
      { productId: 7, quantity: 2, unitPrice: 42.5, discount: 0, bookingId: 1 },
      { productId: 8, quantity: 1, unitPrice: 30, discount: 0, bookingId: 2 },
    ]);
  });

  it('never sends the booking an edited line already holds', () => {
    const values = chargeValues([booking(1)], ['cash']);
    const kept = { ...values, lines: [{ ...values.lines[0]!, id: 99, chargesBooking: false }] };
    expect(toBody(kept).lines[0]).not.toHaveProperty('bookingId');
  });

  it('reads the ids of the address, refusing anything else', () => {
    expect(parseBookingIds('12,13,12')).toEqual([12, 13]);
    expect(parseBookingIds('12,x')).toEqual([]);
    expect(parseBookingIds('')).toEqual([]);
  });
});
