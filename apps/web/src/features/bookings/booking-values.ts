import type { AvailabilityItem, BookingListItem } from '@mostrador/contract';
import { dayjs } from '../../lib/dayjs';

/** The booking form's fields. `day` is the company's local date (YYYY-MM-DD); `startsAt` an ISO instant. */
export interface BookingFormValues {
  bookingCalendarId?: number;
  productId?: number;
  customerId?: number;
  day?: string;
  startsAt?: string;
  quantity: number;
  price?: number | null;
  notes: string;
  /** A gift voucher's code that pays a new booking (price 0, no order). */
  giftVoucherCode?: string;
  /** The customer's pack whose session pays a new booking instead (price 0, no order). */
  balanceId?: number | null;
  /** The customer's program subscription that makes a new booking free instead (price 0, no order). */
  subscriptionId?: number | null;
}

/** What the drawer needs of a booking: a list row and a calendar view's row both have it. */
export type BookingInDrawer = Pick<
  BookingListItem,
  | 'id'
  | 'bookingCalendarId'
  | 'productId'
  | 'customerId'
  | 'customerName'
  | 'startsAt'
  | 'quantity'
  | 'price'
  | 'notes'
  | 'attended'
>;

/** Where a new booking starts: a calendar and a moment chosen in the view, its customer, or nothing. */
export interface BookingDraft {
  bookingCalendarId?: number;
  /** An instant (clicked in the calendar view). */
  start?: Date;
  /** Whether `start` is a time (a day or week view) or only a day (the month view). */
  withTime?: boolean;
  /** The customer it is for, chosen before (the calendar opened from the customer's page). */
  customerId?: number;
  /** The product, chosen before (a gift voucher scanned at the reception books its product). */
  productId?: number;
  /** A gift voucher's code that pays it (scanned at the reception). */
  giftVoucherCode?: string;
}

export function initialValues(
  booking: BookingInDrawer | undefined,
  draft: BookingDraft | undefined,
  timeZone: string,
): BookingFormValues {
  if (booking) {
    return {
      bookingCalendarId: booking.bookingCalendarId,
      productId: booking.productId,
      customerId: booking.customerId,
      day: dayjs(booking.startsAt).tz(timeZone).format('YYYY-MM-DD'),
      startsAt: booking.startsAt,
      quantity: booking.quantity,
      price: booking.price,
      notes: booking.notes ?? '',
    };
  }
  return {
    bookingCalendarId: draft?.bookingCalendarId,
    productId: draft?.productId,
    customerId: draft?.customerId,
    giftVoucherCode: draft?.giftVoucherCode,
    day: dayjs(draft?.start ?? new Date())
      .tz(timeZone)
      .format('YYYY-MM-DD'),
    startsAt: draft?.withTime ? draft.start?.toISOString() : undefined,
    quantity: 1,
    price: null,
    notes: '',
  };
}

/** The local day after `day`, for availability windows [day, next day). */
export function nextDay(day: string): string {
  return dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');
}

/** Two instants are the same start whatever their offsets. */
export function sameInstant(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && Date.parse(a) === Date.parse(b);
}

/** A start time's options: the reservable starts of the day, with the current one kept when editing. */
export function startOptions(
  items: AvailabilityItem[],
  current: string | undefined,
  quantitySpaces: number,
): { value: string; freeSpaces: number; full: boolean; isCurrent: boolean }[] {
  const starts = items
    .filter((item) => item.status !== 'exceptionally_closed')
    .map((item) => ({
      value: item.startsAt,
      freeSpaces: item.freeSpaces,
      full: item.freeSpaces < quantitySpaces,
      isCurrent: sameInstant(item.startsAt, current),
    }));
  if (current && !starts.some((s) => s.isCurrent)) {
    starts.push({ value: current, freeSpaces: 0, full: false, isCurrent: true });
    starts.sort((a, b) => Date.parse(a.value) - Date.parse(b.value));
  }
  return starts;
}
