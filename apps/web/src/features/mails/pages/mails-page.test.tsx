// @vitest-environment jsdom
import type { Mail, MailHealth, MailListItem, Permission } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { mailWarnings } from '../components/mail-health-alert';
import { MailsPage } from './mails-page';

const sent: MailListItem = {
  id: 12,
  type: 'customer',
  kind: 'booking_created',
  contactId: 7,
  createdAt: '2026-03-02T08:15:00Z',
  sentAt: '2026-03-02T08:15:04Z',
  status: 'sent',
  subject: 'Your booking on 3 March',
  body: 'Hello Lucía, your booking is confirmed.',
  contactEmail: 'lucia@example.es',
  error: null,
  errorCode: null,
  attempts: 1,
};
const failed: MailListItem = {
  ...sent,
  id: 13,
  kind: 'order_receipt',
  status: 'failed',
  sentAt: null,
  subject: 'Receipt of order #1040',
  error: '550 5.1.1 Mailbox does not exist',
  errorCode: 'permanent',
  attempts: 1,
};
const waiting: MailListItem = {
  ...sent,
  id: 14,
  status: 'waiting',
  sentAt: null,
  error: 'No mail server is configured for this company',
  errorCode: 'no_mail_server',
  attempts: 0,
};
const mail: Mail = {
  ...sent,
  html: '<p>Hello <b>Lucía</b></p><script>parent.document.title = "pwned"</script>',
  text: 'Hello Lucía,\nyour booking is confirmed.',
  language: 'es',
  messageId: '<12@mostrador>',
  resentFromId: null,
  attachments: [{ id: 1, fileId: null, name: 'booking.ics', mimeType: 'text/calendar', size: 1536 }],
};
const healthy: MailHealth = {
  waiting: 0,
  failedLastWeek: 0,
  oldestWaitingAt: null,
  blockedBy: null,
  lastError: null,
};

const slow = { timeout: 8000 };
const list = (items: MailListItem[]) => ({
  body: { data: { items, total: items.length, page: 1, limit: 50 } },
});

function stubMails(
  health: MailHealth = healthy,
  onPost?: (url: string, body: unknown) => { status?: number; body?: unknown },
) {
  return stubFetch((url, init) => {
    if (init.method === 'POST' && onPost) return onPost(url, JSON.parse(String(init.body ?? '{}')));
    if (url.includes('/admin/mails/health')) return { body: { data: health } };
    if (/\/admin\/mails\/\d+/.test(url)) return { body: { data: mail } };
    return list([sent, failed, waiting]);
  });
}

function renderPage(can: Permission[], route = '/mails') {
  return renderInApp(<MailsPage />, { path: '/mails', route, user: testUser({ can }) });
}

describe('MailsPage', () => {
  it('lists the mails latest first, statuses and types translated, id, recipient id and text hidden', async () => {
    const calls = stubMails();
    renderPage(['mails_find']);
    expect(await screen.findByText('3 mails', undefined, slow)).toBeTruthy();
    const listCall = calls.find((call) => /\/admin\/mails\?/.test(call.url));
    expect(decodeURIComponent(listCall?.url ?? '')).toContain('orders={"createdAt":"desc"}');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Type', 'Created', 'Status', 'Subject', 'To', 'Error']));
    for (const hidden of ['ID', 'Recipient ID', 'Text']) expect(headers).not.toContain(hidden);
    expect(screen.getAllByTestId('mail-status-tag').map((tag) => tag.textContent)).toEqual([
      'Sent',
      'Failed',
      'Waiting',
    ]);
    expect(screen.getAllByText('Customer').length).toBe(3);
    // Why it failed: the server's reply (the reason in words with it on hover).
    expect(screen.getByText('550 5.1.1 Mailbox does not exist')).toBeTruthy();
    // Waiting for a mail server: our reason in the user's language, not the API's stored English.
    expect(screen.getByText('No mail server is configured')).toBeTruthy();
    expect(screen.queryByText(/for this company/)).toBeNull();
    // Nothing to warn about.
    expect(screen.queryByTestId('mail-health')).toBeNull();
  });

  it('filters by status through the URL', async () => {
    const calls = stubMails();
    renderPage(['mails_find'], '/mails?filters=%7B%22status%22%3A%7B%22in%22%3A%5B%22failed%22%5D%7D%7D');
    expect(await screen.findByText('3 mails', undefined, slow)).toBeTruthy();
    const listCall = calls.find((call) => /\/admin\/mails\?/.test(call.url));
    expect(decodeURIComponent(listCall?.url ?? '')).toContain('filters={"status":{"in":["failed"]}}');
    expect(screen.getByTestId('clear-filters')).toBeTruthy();
  });

  it('warns about failures and about mails blocked without a server, with the way to its settings only for who may edit them', async () => {
    const blocked: MailHealth = {
      waiting: 4,
      failedLastWeek: 3,
      oldestWaitingAt: '2026-03-01T10:00:00Z',
      blockedBy: 'no_mail_server',
      lastError: '550 Mailbox does not exist',
    };
    stubMails(blocked);
    const view = renderPage(['mails_find']);
    const failures = await screen.findByTestId('mail-health-failed', undefined, slow);
    expect(failures.textContent).toContain('3 mails failed in the last 7 days');
    expect(failures.textContent).toContain('Last error: 550 Mailbox does not exist');
    const blockedAlert = screen.getByTestId('mail-health-blocked');
    expect(blockedAlert.textContent).toContain('Mails are waiting: no mail server is configured');
    expect(blockedAlert.textContent).toContain('4 mails will be sent as soon as one is.');
    expect(blockedAlert.textContent).toContain('Ask someone who may edit the settings');
    expect(screen.queryByTestId('mail-health-settings')).toBeNull();
    view.unmount();

    stubMails(blocked);
    renderPage(['mails_find', 'settings_edit']);
    const link = await screen.findByTestId('mail-health-settings', undefined, slow);
    expect(link.getAttribute('href')).toBe('/settings/mail');
  });

  it('opens a mail read-only: facts, HTML in a frame sandboxed of everything, the text, attachments; no resend without mails_resend', async () => {
    const calls = stubMails();
    const { router } = renderPage(['mails_find']);
    fireEvent.click((await screen.findAllByTestId('mail-open', undefined, slow))[0] as HTMLElement);
    const drawer = await screen.findByTestId('mail-drawer', undefined, slow);
    expect(router.state.location.search).toBe('?mail=12');
    const facts = await within(drawer).findByTestId('mail-facts', undefined, slow);
    expect(facts.textContent).toContain('lucia@example.es');
    expect(facts.textContent).toContain('Booking confirmation · Customer');
    expect(facts.textContent).toContain('Español');
    const frame = within(drawer).getByTestId('mail-content-html') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(mail.html);
    expect(frame.title).toBe('Content of the mail “Your booking on 3 March”');
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Plain text' }));
    expect((await within(drawer).findByTestId('mail-content-text')).textContent).toBe(mail.text);
    expect(within(drawer).getByTestId('mail-attachments').textContent).toContain('booking.ics');
    // Downloaded from the mail (an attachment kept with it has no file id), with the session.
    fireEvent.click(within(drawer).getByLabelText('Download booking.ics'));
    await waitFor(() =>
      expect(calls.map((c) => c.url).find((u) => u.includes('/attachments/'))).toMatch(
        /\/v1\/admin\/mails\/12\/attachments\/1$/,
      ),
    );
    expect(within(drawer).queryByTestId('mail-resend')).toBeNull();
  });

  it('resends a copy: to the same address without naming it, to another validated address, a stranger’s refused on the field', async () => {
    const posts: { url: string; body: unknown }[] = [];
    stubMails(healthy, (url, body) => {
      posts.push({ url, body });
      if ((body as { email?: string }).email === 'nobody@example.es')
        return { status: 404, body: { error: { code: 1000032, message: 'no customer with this email' } } };
      return {
        body: {
          data: { ...mail, id: 14, resentFromId: 12, status: 'waiting', contactEmail: 'ana@example.es' },
        },
      };
    });
    renderPage(['mails_find', 'mails_resend'], '/mails?mail=12');
    const drawer = await screen.findByTestId('mail-drawer', undefined, slow);
    fireEvent.click(await within(drawer).findByTestId('mail-resend', undefined, slow));
    const dialog = await screen.findByTestId('mail-resend-dialog', undefined, slow);
    const email = within(dialog).getByTestId('mail-resend-dialog-email') as HTMLInputElement;
    expect(email.value).toBe('lucia@example.es');

    // Not an address: said under the field, nothing sent.
    fireEvent.change(email, { target: { value: 'lucia@' } });
    fireEvent.click(screen.getByTestId('mail-resend-dialog-send'));
    expect(await within(dialog).findByText('Enter a valid email address', undefined, slow)).toBeTruthy();
    expect(posts).toEqual([]);

    // No customer has it: the server's refusal lands on the field.
    fireEvent.change(email, { target: { value: 'nobody@example.es' } });
    fireEvent.click(screen.getByTestId('mail-resend-dialog-send'));
    expect(
      await within(dialog).findByText('There is no customer with this email.', undefined, slow),
    ).toBeTruthy();
    expect(posts[0]).toEqual({ url: '/v1/admin/mails/12/resend', body: { email: 'nobody@example.es' } });

    // The usual address: sent without one (the server's own choice), and the copy opens.
    fireEvent.change(email, { target: { value: 'Lucia@Example.es' } });
    fireEvent.click(screen.getByTestId('mail-resend-dialog-send'));
    expect(
      await screen.findByText('A copy has been queued for ana@example.es', undefined, slow),
    ).toBeTruthy();
    expect(posts[1]).toEqual({ url: '/v1/admin/mails/12/resend', body: {} });
    await waitFor(() => expect(screen.queryByTestId('mail-resend-dialog')).toBeNull());
  });
});

describe('mailWarnings', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  it('warns of failures, of a missing server, and of mails waiting over half an hour', () => {
    expect(mailWarnings(healthy, now)).toEqual({ blocked: false, failed: false, stuck: false });
    expect(mailWarnings({ ...healthy, failedLastWeek: 1 }, now).failed).toBe(true);
    expect(mailWarnings({ ...healthy, waiting: 2, blockedBy: 'no_mail_server' }, now)).toEqual({
      blocked: true,
      failed: false,
      stuck: false,
    });
    const waiting = { ...healthy, waiting: 2 };
    expect(mailWarnings({ ...waiting, oldestWaitingAt: '2026-03-02T11:50:00Z' }, now).stuck).toBe(false);
    expect(mailWarnings({ ...waiting, oldestWaitingAt: '2026-03-02T11:00:00Z' }, now).stuck).toBe(true);
  });
});
