// @vitest-environment jsdom
import { type PaymentCheckResult, redsysUrls, type Settings } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { PaymentSettingsPage, paymentBody, paymentFormValues } from './payment-settings-page';

const stripe: Settings['stripe'] = {
  mode: 'test',
  publishKey: null,
  testPublishKey: 'pk_test_51Abc',
  successUrl: null,
  errorUrl: null,
  secretKeySet: false,
  testSecretKeySet: true,
  webhookSecretSet: false,
};
const redsys: Settings['redsys'] = {
  url: null,
  fuc: null,
  terminal: null,
  currency: null,
  transactionType: null,
  version: null,
  encryptionKeySet: false,
};
const base: Partial<Settings> = {
  locale: 'en',
  timeZone: 'Europe/Madrid',
  payment: { gateway: 'stripe' },
  stripe,
  redsys,
};
const endpoints = {
  stripeWebhookUrl: 'https://mostrador.example.es/v1/payments/stripe/webhook/lic-7',
  redsysNotificationUrl: 'https://mostrador.example.es/v1/payments/redsys/notification',
};
const slow = { timeout: 8000 };
const long = 60_000;
const owner = testUser({ can: ['settings_paymentGateway'] });

type Answer = { status?: number; body?: unknown };

/** A fake API: the settings (as saved), their PUT, the payment endpoints and the gateway check. */
function fakeApi(
  settings: Partial<Settings>,
  answers: { put?: (body: unknown) => Answer; check?: (gateway: string) => Answer } = {},
) {
  const puts: Record<string, unknown>[] = [];
  const calls = stubFetch((url, init) => {
    if (url.endsWith('/admin/settings/payment/endpoints')) return { body: { data: endpoints } };
    if (url.endsWith('/admin/settings/payment/check')) {
      const { gateway } = JSON.parse(String(init.body)) as { gateway: string };
      return (
        answers.check?.(gateway) ?? { body: { data: { gateway, ok: true, reason: null, detail: null } } }
      );
    }
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return answers.put?.(body) ?? { body: { data: settings } };
    }
    return { body: { data: settings } };
  });
  return { puts, calls };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => {
  fireEvent.change(input(testId), { target: { value } });
  fireEvent.blur(input(testId));
};

describe('payment settings values', () => {
  it('reads the Redsys address as one of its two or another, with euros and authorization by default', () => {
    expect(paymentFormValues(base as Settings).redsys).toMatchObject({
      urlChoice: 'test',
      url: '',
      currency: '978',
      transactionType: 'authorization',
    });
    const production = { ...base, redsys: { ...redsys, url: redsysUrls.production } } as Settings;
    expect(paymentFormValues(production).redsys.urlChoice).toBe('production');
    const other = { ...base, redsys: { ...redsys, url: 'http://127.0.0.1:9/pago' } } as Settings;
    expect(paymentFormValues(other).redsys).toMatchObject({
      urlChoice: 'custom',
      url: 'http://127.0.0.1:9/pago',
    });
    expect(paymentFormValues({ ...base, payment: { gateway: null } } as Settings).payment.gateway).toBe(
      'none',
    );
  });

  it('sends a secret only when typed, empty when its removal was asked, and the chosen Redsys address', () => {
    const values = paymentFormValues(base as Settings);
    values.payment.gateway = 'none';
    values.stripe.secretKey = 'sk_live_1';
    values.redsys.urlChoice = 'production';
    const body = paymentBody(values, { 'stripe.testSecretKey': true });
    expect(body.payment).toEqual({ gateway: null });
    expect(body.stripe).toMatchObject({ secretKey: 'sk_live_1', testSecretKey: '' });
    expect('webhookSecret' in body.stripe).toBe(false);
    expect(body.redsys.url).toBe(redsysUrls.production);
    expect('encryptionKey' in body.redsys).toBe(false);
    expect('urlChoice' in body.redsys).toBe(false);
  });
});

describe('PaymentSettingsPage', () => {
  it('shows the gateway in use, which keys are saved, and the webhook to register with its events', async () => {
    fakeApi(base);
    renderInApp(<PaymentSettingsPage />, { path: '/settings/payment', user: owner, settings: base });
    expect(await screen.findByTestId('payment-stripe-in-use', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('payment-redsys-in-use')).toBeNull();
    expect(screen.getByTestId('stripe-test-secret-key-state').textContent).toBe('Saved');
    expect(screen.getByTestId('stripe-secret-key-state').textContent).toBe('Not set');
    expect(screen.getByTestId('stripe-webhook-secret-state').textContent).toBe('Not set');
    expect(input('stripe-testPublishKey').value).toBe('pk_test_51Abc');
    expect(
      screen.getByText('Where the customer goes after paying. Empty: back to Mostrador’s own page.'),
    ).toBeTruthy();
    expect((await screen.findByTestId('stripe-webhook-url', undefined, slow)).getAttribute('value')).toBe(
      endpoints.stripeWebhookUrl,
    );
    expect(input('redsys-notification-url').value).toBe(endpoints.redsysNotificationUrl);
    expect(screen.getByTestId('stripe-webhook-events').textContent).toBe(
      [
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
      ].join(''),
    );
    // Redsys: the test address by default, euros, an authorization.
    expect(screen.getByText(redsysUrls.test)).toBeTruthy();
    expect(input('redsys-currency').value).toBe('978');
    expect(
      within(screen.getByTestId('redsys-transaction-type')).getByText('Authorization (charged at once)'),
    ).toBeTruthy();
  });

  it(
    'checks the Redsys fields before sending, then saves Redsys with a custom address and its key',
    async () => {
      const { puts } = fakeApi(base);
      renderInApp(<PaymentSettingsPage />, { path: '/settings/payment', user: owner, settings: base });
      fireEvent.click(await screen.findByLabelText('Redsys', undefined, slow));
      fireEvent.click(screen.getByLabelText('Another address'));
      const url = await screen.findByTestId('redsys-url', undefined, slow);
      type('redsys-fuc', '12345');
      type('redsys-terminal', '1234');
      type('redsys-currency', 'EUR');
      fireEvent.change(url, { target: { value: 'not a url' } });
      fireEvent.blur(url);
      fireEvent.click(screen.getByTestId('payment-settings-save'));
      expect(
        await screen.findByText('The merchant code has nine digits, e.g. 999008881', undefined, slow),
      ).toBeTruthy();
      expect(screen.getByText('Up to three digits')).toBeTruthy();
      expect(screen.getByText('Three digits (ISO 4217), 978 for euros')).toBeTruthy();
      expect(screen.getByText('The field must be a valid URL')).toBeTruthy();
      expect(puts).toEqual([]);

      type('redsys-fuc', '999008881');
      type('redsys-terminal', '1');
      type('redsys-currency', '978');
      fireEvent.change(url, { target: { value: 'http://127.0.0.1:9/sis/realizarPago' } });
      type('redsys-encryption-key', 'sq7HjrUOBfKmC576ILgskD5srU870gJ7');
      fireEvent.click(screen.getByTestId('payment-settings-save'));
      expect(await screen.findByText('The settings have been saved', undefined, slow)).toBeTruthy();
      expect(puts).toEqual([
        {
          payment: { gateway: 'redsys' },
          stripe: {
            mode: 'test',
            publishKey: null,
            testPublishKey: 'pk_test_51Abc',
            successUrl: null,
            errorUrl: null,
          },
          redsys: {
            url: 'http://127.0.0.1:9/sis/realizarPago',
            fuc: '999008881',
            terminal: '1',
            currency: '978',
            transactionType: 'authorization',
            version: null,
            encryptionKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
          },
        },
      ]);
      // The typed key is not kept in the field once saved.
      expect(input('redsys-encryption-key').value).toBe('');
    },
    long,
  );

  it('removes a saved key only when asked, and puts the server’s field errors on their fields', async () => {
    const { puts } = fakeApi(base, {
      put: () => ({
        status: 400,
        body: {
          error: {
            code: 1000100,
            message: 'Invalid',
            details: [{ field: 'body.stripe.successUrl', message: 'Invalid URL' }],
          },
        },
      }),
    });
    renderInApp(<PaymentSettingsPage />, { path: '/settings/payment', user: owner, settings: base });
    fireEvent.click(await screen.findByTestId('stripe-test-secret-key-remove', undefined, slow));
    expect(screen.getByTestId('stripe-test-secret-key-state').textContent).toBe('Will be removed');
    expect(input('stripe-test-secret-key').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('payment-settings-save'));
    await waitFor(() => expect(puts.length).toBe(1));
    expect((puts[0] as { stripe: Record<string, unknown> }).stripe).toMatchObject({ testSecretKey: '' });
    expect('secretKey' in (puts[0] as { stripe: Record<string, unknown> }).stripe).toBe(false);
    expect(await screen.findByText('The field must be a valid URL', undefined, slow)).toBeTruthy();
    // Not saved: still to be removed.
    expect(screen.getByTestId('stripe-test-secret-key-state').textContent).toBe('Will be removed');
    fireEvent.click(screen.getByTestId('stripe-test-secret-key-keep'));
    expect(screen.getByTestId('stripe-test-secret-key-state').textContent).toBe('Saved');
  });

  it('checks a gateway only with the settings saved, and shows what it said', async () => {
    let result: PaymentCheckResult = {
      gateway: 'stripe',
      ok: false,
      reason: 'rejected',
      detail: 'Invalid API Key provided: sk_test_****abcd',
    };
    const { calls } = fakeApi(base, {
      check: (gateway) =>
        gateway === 'stripe'
          ? { body: { data: result } }
          : { body: { data: { gateway, ok: false, reason: 'not_configured', detail: null } } },
    });
    renderInApp(<PaymentSettingsPage />, { path: '/settings/payment', user: owner, settings: base });
    const run = (await screen.findByTestId('payment-check-stripe-run', undefined, slow)) as HTMLButtonElement;
    expect(run.disabled).toBe(false);

    // An unsaved change would not be checked: both buttons wait, and say why.
    type('stripe-publishKey', 'pk_live_1');
    await waitFor(() => expect(run.disabled).toBe(true));
    expect((screen.getByTestId('payment-check-redsys-run') as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(screen.getByTestId('payment-check-stripe')).getByText(
        'Save your changes first: the check uses the saved settings.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(run.disabled).toBe(false));

    fireEvent.click(run);
    const answer = await screen.findByTestId('payment-check-stripe-result', undefined, slow);
    expect(answer.getAttribute('data-ok')).toBe('false');
    expect(answer.textContent).toContain('Stripe refused the saved settings');
    expect(answer.textContent).toContain('Invalid API Key provided: sk_test_****abcd');
    const sent = calls.find((call) => call.url.endsWith('/payment/check'));
    expect(JSON.parse(String(sent?.init.body))).toEqual({ gateway: 'stripe' });

    result = { gateway: 'stripe', ok: true, reason: null, detail: null };
    fireEvent.click(run);
    await waitFor(() =>
      expect(screen.getByTestId('payment-check-stripe-result').textContent).toContain(
        'Stripe accepted the saved settings',
      ),
    );

    fireEvent.click(screen.getByTestId('payment-check-redsys-run'));
    expect((await screen.findByTestId('payment-check-redsys-result', undefined, slow)).textContent).toContain(
      'Redsys is not configured: save its details first',
    );
  });
});
