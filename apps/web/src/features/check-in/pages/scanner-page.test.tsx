// @vitest-environment jsdom
import type { CheckInBooking, CheckInGiftVoucher } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { cameraRefusal } from '../use-qr-camera';
import { ScannerPage } from './scanner-page';

const slow = { timeout: 10_000 };

const booking: CheckInBooking = {
  id: 41,
  startsAt: '2027-03-01T09:00:00.000Z',
  endsAt: '2027-03-01T10:00:00.000Z',
  product: { id: 3, name: 'Quiromasaje' },
  calendar: { id: 2, name: 'Cabina 1' },
  customer: { id: 7, name: 'Aitana Cobro', email: null, phone: '+34689921849' },
  quantity: 1,
  status: 'confirmed',
  attended: null,
  refusal: null,
};

const voucher: CheckInGiftVoucher = {
  id: 5,
  code: 'ACDE-FGHJ-KMNP',
  product: { id: 9, name: 'Circuito spa', bookingCalendarId: 2 },
  status: 'exhausted',
  maximumBookings: 2,
  usedBookings: 2,
  availableBookings: 0,
  expiresAt: '2027-12-31T22:59:59.999Z',
  customer: { id: 7, name: 'Aitana Cobro' },
  bookingAhead: null,
  refusal: 'giftVoucherExhausted',
};

function typeCode(text: string) {
  const input = within(screen.getByTestId('check-in-code')).getByRole('searchbox');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(within(screen.getByTestId('check-in-code')).getByRole('button'));
}

describe('ScannerPage', () => {
  it('without a camera says so and looks a typed code up; a booking is marked attended', async () => {
    const calls = stubFetch((url) => {
      if (url.endsWith('/check-in/lookups')) return { body: { data: { kind: 'booking', booking } } };
      if (url.endsWith('/check-in/attendances'))
        return {
          body: {
            data: {
              kind: 'booking',
              booking: { ...booking, attended: true, refusal: 'bookingAlreadyAttended' },
            },
          },
        };
      return { body: { data: null } };
    });
    renderInApp(<ScannerPage />, { user: testUser({ can: ['bookings_find', 'bookings_edit'] }) });
    // jsdom has no camera: the typed code is the way.
    expect(await screen.findByText('No camera available')).toBeTruthy();
    typeCode('  B1.1.41.abcdefghijklmnopqrstuv  ');
    expect(await screen.findByText('Aitana Cobro', {}, slow)).toBeTruthy();
    const lookup = calls.find((c) => c.url.endsWith('/check-in/lookups'))!;
    expect(JSON.parse(String(lookup.init.body))).toEqual({ code: 'B1.1.41.abcdefghijklmnopqrstuv' });
    fireEvent.click(screen.getByTestId('check-in-attend'));
    await waitFor(() => expect(screen.getByTestId('check-in-marked')).toBeTruthy(), slow);
    const attend = calls.find((c) => c.url.endsWith('/check-in/attendances'))!;
    expect(JSON.parse(String(attend.init.body))).toEqual({ code: 'B1.1.41.abcdefghijklmnopqrstuv' });
  });

  it('shows why a voucher cannot pay a booking, and a foreign code’s refusal', async () => {
    let answer: { status?: number; body: unknown } = {
      body: { data: { kind: 'giftVoucher', giftVoucher: voucher } },
    };
    stubFetch(() => answer);
    renderInApp(<ScannerPage />, { user: testUser({ can: ['giftVouchers_find', 'bookings_create'] }) });
    typeCode('acde fghj kmnp');
    expect(await screen.findByText('ACDE-FGHJ-KMNP', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('check-in-voucher-left').textContent).toBe('0 of 2');
    expect(screen.getByTestId('check-in-refusal').textContent).toContain('no bookings left');
    expect(screen.queryByTestId('check-in-book-voucher')).toBeNull();

    answer = {
      status: 409,
      body: { error: { code: 1000216, message: 'This code belongs to another company' } },
    };
    fireEvent.click(screen.getAllByTestId('check-in-again')[0]!);
    typeCode('B1.2.41.abcdefghijklmnopqrstuv');
    expect((await screen.findByTestId('check-in-error', {}, slow)).textContent).toContain(
      'This code belongs to another company.',
    );
  });

  it('reads the camera’s refusals as what the screen explains', () => {
    expect(cameraRefusal(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraRefusal(new DOMException('no', 'SecurityError'))).toBe('denied');
    expect(cameraRefusal(new DOMException('none', 'NotFoundError'))).toBe('noCamera');
    expect(cameraRefusal(new DOMException('busy', 'NotReadableError'))).toBe('failed');
    expect(cameraRefusal('strange')).toBe('failed');
  });
});
