// @vitest-environment jsdom
import type { CertificateInfo, Settings } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/dayjs';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { certificateHealth } from '../components/certificate-card';
import { BillingSettingsPage, exampleCode } from './billing-settings-page';

const billing: Settings['billing'] = {
  legalName: null,
  street: null,
  postalCode: null,
  city: null,
  state: null,
  country: null,
  fullSeries: '',
  simplifiedSeries: 'T',
  rectifyingSeries: 'R',
  simplifiedInvoices: false,
  simplifiedInvoiceLimit: 400,
};
const certificate: CertificateInfo = {
  holder: 'PELUQUERIA LUCIA SL',
  taxId: 'B12345678',
  issuer: 'AC FNMT Usuarios',
  notBefore: '2025-01-10T09:00:00Z',
  notAfter: dayjs().add(400, 'day').toISOString(),
};
const base: Partial<Settings> = {
  companyName: null,
  street: 'Calle Mayor 1',
  city: 'Zaragoza',
  locale: 'en',
  timeZone: 'Europe/Madrid',
  billing,
  verifactu: { status: false, environment: 'test', taxId: null, certificate: null },
};
const slow = { timeout: 8000 };
const long = 60_000;
const owner = testUser({ can: ['settings_paymentGateway'] });
const year = dayjs().tz('Europe/Madrid').year();

type Answer = { status?: number; body?: unknown };

/** A fake API: the settings (read again after a save), their PUT, the certificate and the chain check. */
function fakeApi(
  settings: Partial<Settings>,
  answers: { put?: (body: unknown) => Answer; certificate?: () => Answer; check?: () => Answer } = {},
) {
  return stubFetch((url, init) => {
    if (url.endsWith('/admin/settings/verifactu/certificate'))
      return init.method === 'DELETE'
        ? { status: 204 }
        : (answers.certificate?.() ?? { body: { data: certificate } });
    if (url.endsWith('/admin/verifactu/check'))
      return answers.check?.() ?? { body: { data: { checked: 0, ok: true, firstBreak: null } } };
    if (init.method === 'PUT')
      return answers.put?.(JSON.parse(String(init.body))) ?? { body: { data: settings } };
    return { body: { data: settings } };
  });
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('BillingSettingsPage', () => {
  it('opens read-only without settings_paymentGateway: fields disabled, no save, upload or check', async () => {
    fakeApi(base);
    renderInApp(<BillingSettingsPage />, {
      path: '/settings/billing',
      user: testUser({ can: ['settings_edit'] }),
      settings: base,
    });
    const alert = await screen.findByTestId('settings-read-only', undefined, slow);
    expect(alert.textContent).toContain('the permission to configure billing and payment gateways');
    expect(input('billing-legalName').disabled).toBe(true);
    expect(input('verifactu-tax-id').disabled).toBe(true);
    expect(screen.queryByTestId('billing-settings-save')).toBeNull();
    expect(screen.queryByTestId('certificate-upload')).toBeNull();
    expect(screen.queryByTestId('verifactu-check-card')).toBeNull();
    expect(screen.getByTestId('certificate-none')).toBeTruthy();
  });

  it(
    'shows the codes each series makes as it is typed, and refuses clashing or unprintable prefixes',
    async () => {
      const calls = fakeApi(base);
      renderInApp(<BillingSettingsPage />, { path: '/settings/billing', user: owner, settings: base });
      expect(
        (await screen.findByTestId('billing-simplifiedSeries-example', undefined, slow)).textContent,
      ).toBe(`Codes look like T${year}-000001`);
      expect(screen.getByTestId('billing-fullSeries-example').textContent).toBe(
        `Codes look like ${year}-000001`,
      );
      fireEvent.change(input('billing-fullSeries'), { target: { value: 'FAC-' } });
      await waitFor(
        () =>
          expect(screen.getByTestId('billing-fullSeries-example').textContent).toBe(
            `Codes look like FAC-${year}-000001`,
          ),
        slow,
      );
      fireEvent.change(input('billing-rectifyingSeries'), { target: { value: 'T' } });
      fireEvent.blur(input('billing-rectifyingSeries'));
      expect(
        (await screen.findAllByText('Each series needs a prefix of its own.', undefined, slow)).length,
      ).toBeGreaterThan(0);
      fireEvent.change(input('billing-rectifyingSeries'), { target: { value: 'R<' } });
      fireEvent.blur(input('billing-rectifyingSeries'));
      expect(
        await screen.findByText('Letters, digits and signs, except " \' < > =', undefined, slow),
      ).toBeTruthy();
      fireEvent.click(screen.getByTestId('billing-settings-save'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);
      expect(exampleCode(' R ', 2026, 42)).toBe('R2026-000042');
    },
    long,
  );

  it(
    'checks what switching Verifactu on needs before sending, then saves billing and Verifactu together',
    async () => {
      const puts: unknown[] = [];
      const settings = { ...base, verifactu: { ...base.verifactu!, certificate } };
      fakeApi(settings, {
        put: (body) => {
          puts.push(body);
          return { body: { data: settings } };
        },
      });
      renderInApp(<BillingSettingsPage />, { path: '/settings/billing', user: owner, settings });
      fireEvent.click(await screen.findByTestId('verifactu-status', undefined, slow));
      fireEvent.click(screen.getByTestId('billing-settings-save'));
      // Without a company name, the legal name is needed; the tax id always.
      await waitFor(
        () => expect(screen.getAllByText('Required to switch Verifactu on').length).toBe(2),
        slow,
      );
      expect(puts).toEqual([]);

      fireEvent.change(input('verifactu-tax-id'), { target: { value: 'b-1234567' } });
      fireEvent.blur(input('verifactu-tax-id'));
      expect(
        await screen.findByText('Nine letters and digits, e.g. B12345678', undefined, slow),
      ).toBeTruthy();
      fireEvent.change(input('verifactu-tax-id'), { target: { value: 'b 12345678' } });
      expect(input('verifactu-tax-id').value).toBe('B12345678');
      fireEvent.change(input('billing-legalName'), { target: { value: 'Peluquería Lucía SL' } });
      fireEvent.click(screen.getByTestId('billing-simplified'));
      // The limit only matters with simplified invoices: it opens once they are on.
      const limit = within(screen.getByTestId('billing-limit')).getByLabelText(
        '3.000 € (listed activities)',
      ) as HTMLInputElement;
      await waitFor(() => expect(limit.disabled).toBe(false), slow);
      fireEvent.click(limit);
      fireEvent.click(screen.getByTestId('billing-settings-save'));
      expect(await screen.findByText('The settings have been saved', undefined, slow)).toBeTruthy();
      expect(puts).toEqual([
        {
          billing: {
            ...billing,
            legalName: 'Peluquería Lucía SL',
            simplifiedInvoices: true,
            simplifiedInvoiceLimit: 3000,
          },
          verifactu: { status: true, environment: 'test', taxId: 'B12345678' },
        },
      ]);
    },
    long,
  );

  it(
    'asks for the certificate before Verifactu, and puts the server’s field errors on their fields',
    async () => {
      const settings = { ...base, companyName: 'Peluquería Lucía' };
      const calls = fakeApi(settings, {
        put: () => ({
          status: 400,
          body: {
            error: {
              code: 1000001,
              message: 'invalid',
              details: [
                { field: 'body.verifactu.certificate', message: 'upload the certificate first' },
                { field: 'body.billing.legalName', message: 'required with Verifactu on' },
              ],
            },
          },
        }),
      });
      const view = renderInApp(<BillingSettingsPage />, { path: '/settings/billing', user: owner, settings });
      fireEvent.click(await screen.findByTestId('verifactu-status', undefined, slow));
      fireEvent.change(input('verifactu-tax-id'), { target: { value: 'B12345678' } });
      fireEvent.click(screen.getByTestId('billing-settings-save'));
      expect(
        await screen.findByText(
          'Upload the company’s certificate below before switching Verifactu on.',
          undefined,
          slow,
        ),
      ).toBeTruthy();
      expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);

      // The certificate uploaded meanwhile (another tab): the server still answers for its own reasons.
      view.queryClient.setQueryData(['settings'], {
        ...settings,
        timeZone: 'Europe/Madrid',
        verifactu: { ...settings.verifactu, certificate },
      });
      fireEvent.click(await screen.findByTestId('billing-settings-save'));
      await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true), slow);
      expect(await screen.findByText('Required to switch Verifactu on', undefined, slow)).toBeTruthy();
      expect(
        await screen.findByText(
          'Upload the company’s certificate below before switching Verifactu on.',
          undefined,
          slow,
        ),
      ).toBeTruthy();
    },
    long,
  );

  it(
    'uploads the certificate with its password first, says a wrong password on its field, and shows what was read',
    async () => {
      const answers: Answer[] = [
        {
          status: 400,
          body: {
            error: {
              code: 1000150,
              message: 'unreadable',
              details: [{ field: 'password', message: 'wrong password' }],
            },
          },
        },
        { body: { data: certificate } },
      ];
      const calls = fakeApi(base, { certificate: () => answers.shift() ?? { status: 500 } });
      renderInApp(<BillingSettingsPage />, { path: '/settings/billing', user: owner, settings: base });
      fireEvent.click(await screen.findByTestId('certificate-upload', undefined, slow));
      const dialog = await screen.findByTestId('certificate-dialog', undefined, slow);
      fireEvent.click(screen.getByTestId('certificate-upload-confirm'));
      expect(await within(dialog).findByText('Choose the certificate file', undefined, slow)).toBeTruthy();

      // The upload's input is made anew after each choice: found again each time.
      const fileInput = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(fileInput(), {
        target: { files: [new File(['not a pkcs12'], 'empresa.pem', { type: 'application/x-pem-file' })] },
      });
      fireEvent.click(screen.getByTestId('certificate-upload-confirm'));
      expect(await within(dialog).findByText('Choose a .p12 or .pfx file', undefined, slow)).toBeTruthy();

      fireEvent.change(fileInput(), {
        target: { files: [new File([new Uint8Array(70 * 1024)], 'copia.pfx')] },
      });
      fireEvent.click(screen.getByTestId('certificate-upload-confirm'));
      expect(
        await within(dialog).findByText(
          'A certificate file is 64 KB at most: this one is larger.',
          undefined,
          slow,
        ),
      ).toBeTruthy();

      const p12 = new File([new Uint8Array([0x30, 0x82, 0x01])], 'empresa.p12', {
        type: 'application/x-pkcs12',
      });
      fireEvent.change(fileInput(), { target: { files: [p12] } });
      await waitFor(
        () => expect(within(dialog).getByTestId('certificate-file-name').textContent).toBe('empresa.p12'),
        slow,
      );
      fireEvent.change(within(dialog).getByTestId('certificate-password'), {
        target: { value: 'clave-mala' },
      });
      fireEvent.click(screen.getByTestId('certificate-upload-confirm'));
      expect(
        await within(dialog).findByText(
          'The certificate cannot be read: it is not a PKCS#12 file (.p12, .pfx) or the password is wrong.',
          undefined,
          slow,
        ),
      ).toBeTruthy();
      const sent = calls.find((call) => call.url.endsWith('/verifactu/certificate'));
      expect(sent?.init.method).toBe('PUT');
      const form = sent?.init.body as FormData;
      expect([...form.keys()]).toEqual(['password', 'file']);
      expect(form.get('password')).toBe('clave-mala');
      expect((form.get('file') as File).name).toBe('empresa.p12');

      fireEvent.change(within(dialog).getByTestId('certificate-password'), { target: { value: 'clave' } });
      fireEvent.click(screen.getByTestId('certificate-upload-confirm'));
      expect(
        await screen.findByText('Certificate of PELUQUERIA LUCIA SL uploaded', undefined, slow),
      ).toBeTruthy();
      await waitFor(() => expect(screen.queryByTestId('certificate-dialog')).toBeNull(), slow);
    },
    long,
  );

  it(
    'warns of a certificate about to expire, marks an expired one, and removes it after asking',
    async () => {
      const soon = { ...certificate, notAfter: dayjs().add(10, 'day').add(1, 'hour').toISOString() };
      const settings = { ...base, verifactu: { ...base.verifactu!, certificate: soon } };
      const calls = fakeApi(settings);
      const view = renderInApp(<BillingSettingsPage />, { path: '/settings/billing', user: owner, settings });
      const health = await screen.findByTestId('certificate-health', undefined, slow);
      expect(health.getAttribute('data-state')).toBe('expiring');
      expect(health.textContent).toContain('The certificate expires in 10 days');
      expect(screen.getByTestId('certificate-holder').textContent).toBe('PELUQUERIA LUCIA SL');
      expect(screen.getByTestId('certificate-facts').textContent).toContain('AC FNMT Usuarios');

      fireEvent.click(screen.getByTestId('certificate-remove'));
      fireEvent.click(await screen.findByTestId('certificate-remove-confirm', undefined, slow));
      expect(await screen.findByText('Certificate removed', undefined, slow)).toBeTruthy();
      expect(calls.some((call) => call.init.method === 'DELETE')).toBe(true);

      const expired = { ...certificate, notAfter: dayjs().subtract(1, 'day').toISOString() };
      view.queryClient.setQueryData(['settings'], {
        ...settings,
        verifactu: { ...settings.verifactu, status: true, certificate: expired },
      });
      await waitFor(
        () => expect(screen.getByTestId('certificate-health').getAttribute('data-state')).toBe('expired'),
        slow,
      );
      // Verifactu on: the certificate stays until it is switched off.
      expect((screen.getByTestId('certificate-remove') as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText('Switch Verifactu off before removing the certificate.')).toBeTruthy();
      expect(certificateHealth({ notAfter: dayjs().add(40, 'day').toISOString() }).state).toBe('valid');
    },
    long,
  );

  it('checks the chain of records and says where it breaks', async () => {
    fakeApi(base, {
      check: () => ({
        body: {
          data: {
            checked: 1204,
            ok: false,
            firstBreak: { seq: 812, invoiceCode: 'T2026-000377', reason: 'huella does not follow' },
          },
        },
      }),
    });
    renderInApp(<BillingSettingsPage />, { path: '/settings/billing', user: owner, settings: base });
    fireEvent.click(await screen.findByTestId('verifactu-check', undefined, slow));
    const result = await screen.findByTestId('verifactu-check-result', undefined, slow);
    expect(result.getAttribute('data-ok')).toBe('false');
    expect(result.textContent).toContain('The chain breaks after 1.204 intact records.');
    expect(result.textContent).toContain('First break: record 812, invoice T2026-000377.');
    expect(result.textContent).toContain('huella does not follow');
  });
});
