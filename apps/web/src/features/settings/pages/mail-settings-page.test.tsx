// @vitest-environment jsdom
import type { Settings } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { MailSettingsPage, mailBody } from './mail-settings-page';

const mail: Settings['mail'] = {
  host: 'smtp.example.es',
  port: 587,
  user: 'reservas@example.es',
  fromMailAddress: 'reservas@example.es',
  supplierFromMailAddress: null,
  security: 'starttls',
  passSet: true,
};
const settings: Partial<Settings> = {
  companyName: 'Peluquería Lucía',
  email: 'hola@example.es',
  locale: 'es',
  timeZone: 'Europe/Madrid',
  mail,
};
const slow = { timeout: 8000 };

type Answer = { status?: number; body?: unknown };

function stubSettings(
  onTest: () => Answer = () => ({ body: { data: { ok: true, response: '', responseCode: 250 } } }),
) {
  const puts: unknown[] = [];
  const calls = stubFetch((url, init) => {
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { mail: Settings['mail'] };
      puts.push(body);
      return { body: { data: { ...settings, mail: { ...mail, ...body.mail, passSet: true } } } };
    }
    if (url.endsWith('/admin/settings/mail/test')) return onTest();
    return { body: { data: { ...settings, mail } } };
  });
  return { puts, calls };
}

const editor = testUser({ can: ['settings_edit'], email: 'ana@example.es' });

describe('MailSettingsPage', () => {
  it('opens read-only without settings_edit: fields disabled, no save, no test mail', async () => {
    stubSettings();
    renderInApp(<MailSettingsPage />, { path: '/settings/mail', user: testUser(), settings });
    expect(await screen.findByTestId('settings-read-only', undefined, slow)).toBeTruthy();
    const host = screen.getByLabelText('Server (SMTP host)') as HTMLInputElement;
    expect(host.value).toBe('smtp.example.es');
    expect(host.disabled).toBe(true);
    expect((screen.getByTestId('mail-pass') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('mail-pass-state').textContent).toBe('Saved');
    expect(screen.queryByTestId('mail-pass-remove')).toBeNull();
    expect(screen.queryByTestId('mail-settings-save')).toBeNull();
    expect(screen.queryByTestId('test-mail-card')).toBeNull();
  });

  it('checks the addresses before saving, keeps the saved password unless one is typed, and moves the usual port with the security', async () => {
    const { puts } = stubSettings();
    renderInApp(<MailSettingsPage />, { path: '/settings/mail', user: editor, settings });
    const from = (await screen.findByLabelText('Sender address', undefined, slow)) as HTMLInputElement;
    fireEvent.change(from, { target: { value: 'not-an-address' } });
    fireEvent.blur(from);
    expect(await screen.findByText('Enter a valid email address', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByTestId('mail-settings-save'));
    await waitFor(() => expect(screen.getAllByText('Enter a valid email address').length).toBeGreaterThan(0));
    expect(puts).toEqual([]);

    fireEvent.change(from, { target: { value: 'citas@example.es' } });
    // SSL/TLS: the usual 587 becomes the usual 465.
    fireEvent.mouseDown(within(screen.getByTestId('mail-security')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('SSL/TLS'));
    await waitFor(() => expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('465'));
    fireEvent.click(screen.getByTestId('mail-settings-save'));
    expect(await screen.findByText('The settings have been saved', undefined, slow)).toBeTruthy();
    expect(puts).toEqual([
      {
        mail: {
          host: 'smtp.example.es',
          port: 465,
          security: 'tls',
          user: 'reservas@example.es',
          fromMailAddress: 'citas@example.es',
          supplierFromMailAddress: null,
        },
      },
    ]);
  });

  it('removes the saved password only when asked', async () => {
    const { puts } = stubSettings();
    renderInApp(<MailSettingsPage />, { path: '/settings/mail', user: editor, settings });
    fireEvent.click(await screen.findByTestId('mail-pass-remove', undefined, slow));
    expect(screen.getByTestId('mail-pass-state').textContent).toBe('Will be removed');
    expect((screen.getByTestId('mail-pass') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('mail-settings-save'));
    await waitFor(() => expect(puts.length).toBe(1));
    expect((puts[0] as { mail: { pass?: string } }).mail.pass).toBe('');
    expect(mailBody({ ...mailBodyValues, pass: 'secret' }, false).pass).toBe('secret');
    expect('pass' in mailBody(mailBodyValues, false)).toBe(false);
  });

  it('sends a test mail only with the settings saved, and shows what the server answered', async () => {
    let answer: Answer = {
      body: {
        data: { ok: false, response: '535 5.7.8 Authentication credentials invalid', responseCode: 535 },
      },
    };
    const { calls } = stubSettings(() => answer);
    renderInApp(<MailSettingsPage />, { path: '/settings/mail', user: editor, settings });
    const send = (await screen.findByTestId('test-mail-send', undefined, slow)) as HTMLButtonElement;
    expect((screen.getByTestId('test-mail-email') as HTMLInputElement).value).toBe('ana@example.es');
    expect(send.disabled).toBe(false);

    // A change not saved yet would not be tested: the button waits, and says why.
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'otro@example.es' } });
    await waitFor(() => expect(send.disabled).toBe(true));
    expect(screen.getByTestId('test-mail-blocked').textContent).toBe(
      'Save your changes first: the test mail uses the saved settings.',
    );
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(send.disabled).toBe(false));

    fireEvent.click(send);
    const result = await screen.findByTestId('test-mail-result', undefined, slow);
    expect(result.getAttribute('data-ok')).toBe('false');
    expect(result.textContent).toContain('The test mail could not be sent');
    expect(result.textContent).toContain('Reply code: 535');
    expect(result.textContent).toContain('535 5.7.8 Authentication credentials invalid');
    const test = calls.find((call) => call.url.endsWith('/mail/test'));
    expect(JSON.parse(String(test?.init.body))).toEqual({ email: 'ana@example.es' });

    // No server saved: the refusal in the user's language.
    answer = { status: 409, body: { error: { code: 1000144, message: 'No mail server' } } };
    fireEvent.click(send);
    await waitFor(() =>
      expect(screen.getByTestId('test-mail-result').textContent).toContain(
        'No mail server is configured: save the mail server settings first.',
      ),
    );
  });

  it('waits for a server to be saved before testing', async () => {
    stubSettings();
    renderInApp(<MailSettingsPage />, {
      path: '/settings/mail',
      user: editor,
      settings: { ...settings, mail: { ...mail, host: null, passSet: false } },
    });
    const send = (await screen.findByTestId('test-mail-send', undefined, slow)) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('test-mail-blocked').textContent).toBe('Save a mail server first.');
    expect(screen.getByTestId('mail-pass-state').textContent).toBe('Not set');
  });
});

const mailBodyValues = {
  host: 'smtp.example.es',
  port: 587,
  security: 'starttls' as const,
  user: '',
  pass: '',
  fromMailAddress: '',
  supplierFromMailAddress: '',
};
