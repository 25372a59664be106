// @vitest-environment jsdom
import type { Mail } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { SendOrderMailButton } from './send-order-mail-button';

const queued = { id: 30, status: 'waiting', contactEmail: 'lucia@example.es' } as Mail;
const slow = { timeout: 8000 };
const refusal = (status: number, code: number) => ({ status, body: { error: { code, message: 'refused' } } });

describe('SendOrderMailButton', () => {
  it('sends the receipt to the order’s address, and shows the server’s refusals in the user’s language', async () => {
    const answers = [refusal(409, 1000142), refusal(404, 1000032), { body: { data: queued } }];
    const calls = stubFetch(() => answers.shift() ?? { status: 500 });
    renderInApp(<SendOrderMailButton order={{ id: 7, code: 42 }} defaultEmail="lucia@example.es" />, {
      user: testUser({ can: ['orders_find'] }),
    });
    fireEvent.click(await screen.findByTestId('order-send-mail', undefined, slow));
    const dialog = await screen.findByTestId('order-mail-dialog', undefined, slow);
    expect(within(dialog).getByText('Send order #42 by email')).toBeTruthy();
    const email = within(dialog).getByTestId('order-mail-dialog-email') as HTMLInputElement;
    expect(email.value).toBe('lucia@example.es');

    // Not paid: said above the address.
    fireEvent.click(screen.getByTestId('order-mail-dialog-send'));
    expect(
      (await within(dialog).findByTestId('order-mail-dialog-error', undefined, slow)).textContent,
    ).toContain('Only a paid order has a receipt to send.');
    expect(calls[0]?.url).toBe('/v1/admin/orders/7/mail');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({});

    // Another address, no customer's: on the field.
    fireEvent.change(email, { target: { value: 'otro@example.es' } });
    fireEvent.click(screen.getByTestId('order-mail-dialog-send'));
    expect(
      await within(dialog).findByText('There is no customer with this email.', undefined, slow),
    ).toBeTruthy();
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ email: 'otro@example.es' });

    fireEvent.change(email, { target: { value: 'lucia@example.es' } });
    fireEvent.click(screen.getByTestId('order-mail-dialog-send'));
    expect(
      await screen.findByText(
        'The receipt of order #42 has been queued for lucia@example.es',
        undefined,
        slow,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('order-mail-dialog')).toBeNull());
  });
});
