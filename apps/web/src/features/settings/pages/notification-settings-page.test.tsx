// @vitest-environment jsdom
import type { Settings } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { insertPlaceholder, NotificationSettingsPage } from './notification-settings-page';

const notifications: Settings['notifications'] = {
  booking: {
    status: true,
    hour: 9,
    daysInAdvance: 1,
    subject: 'Recordatorio de su reserva',
    body: 'Hola , le esperamos.',
  },
  birthday: { status: false, hour: 10, daysInAdvance: 0, subject: '¡Feliz cumpleaños!', body: '' },
};
const settings: Partial<Settings> = {
  companyName: 'Peluquería Lucía',
  locale: 'es',
  otherLanguages: ['en'],
  timeZone: 'Europe/Madrid',
  notifications,
};
const slow = { timeout: 8000 };

function stubNotifications() {
  const previews: { kind: string; subject: string; body: string; language?: string }[] = [];
  const puts: unknown[] = [];
  stubFetch((url, init) => {
    if (url.endsWith('/notifications/preview')) {
      const body = JSON.parse(String(init.body));
      previews.push(body);
      return {
        body: {
          data: {
            subject: body.subject.replace('{{customerName}}', 'Lucía García'),
            html: `<p>${body.body}</p>`,
            text: body.body,
          },
        },
      };
    }
    if (init.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      return { body: { data: settings } };
    }
    return { body: { data: settings } };
  });
  return { previews, puts };
}

describe('NotificationSettingsPage', () => {
  it('opens read-only without settings_edit: no placeholders to insert, no preview, no save', async () => {
    const { previews } = stubNotifications();
    renderInApp(<NotificationSettingsPage />, {
      path: '/settings/notifications',
      user: testUser(),
      settings,
    });
    expect(await screen.findByTestId('settings-read-only', undefined, slow)).toBeTruthy();
    const subject = screen.getByTestId('notification-subject-booking') as HTMLInputElement;
    expect(subject.value).toBe('Recordatorio de su reserva');
    expect(subject.disabled).toBe(true);
    expect(screen.queryByTestId('placeholders-booking')).toBeNull();
    expect(screen.queryByTestId('notification-preview-booking')).toBeNull();
    expect(screen.queryByTestId('notification-settings-save')).toBeNull();
    expect(previews).toEqual([]);
  });

  it('inserts a placeholder at the cursor, previews as typed, and saves both notifications whole', async () => {
    const { previews, puts } = stubNotifications();
    renderInApp(<NotificationSettingsPage />, {
      path: '/settings/notifications',
      user: testUser({ can: ['settings_edit'] }),
      settings,
    });
    const booking = await screen.findByTestId('notification-booking', undefined, slow);
    // The saved texts are previewed at once, in the company's main language.
    expect((await within(booking).findByTestId('preview-subject-booking', undefined, slow)).textContent).toBe(
      'Recordatorio de su reserva',
    );
    expect(previews[0]).toEqual({
      kind: 'booking',
      subject: 'Recordatorio de su reserva',
      body: 'Hola , le esperamos.',
      language: 'es',
    });
    const frame = within(booking).getByTestId('preview-content-booking-html');
    expect(frame.getAttribute('sandbox')).toBe('');

    // The birthday greeting offers only the placeholders it knows.
    expect(screen.getByTestId('placeholder-birthday-customerName')).toBeTruthy();
    expect(screen.queryByTestId('placeholder-birthday-bookingDate')).toBeNull();

    // Into the body where the caret stands: after "Hola ".
    const body = within(booking).getByTestId('notification-body-booking') as HTMLTextAreaElement;
    fireEvent.focus(body);
    body.setSelectionRange(5, 5);
    fireEvent.click(within(booking).getByTestId('placeholder-booking-customerName'));
    await waitFor(() => expect(body.value).toBe('Hola {{customerName}}, le esperamos.'));
    // Into the subject, once the user was there.
    const subject = within(booking).getByTestId('notification-subject-booking') as HTMLInputElement;
    fireEvent.focus(subject);
    subject.setSelectionRange(subject.value.length, subject.value.length);
    fireEvent.click(within(booking).getByTestId('placeholder-booking-customerName'));
    await waitFor(() => expect(subject.value).toBe('Recordatorio de su reserva{{customerName}}'));
    // Previewed once the typing rests.
    await waitFor(
      () =>
        expect(within(booking).getByTestId('preview-subject-booking').textContent).toBe(
          'Recordatorio de su reservaLucía García',
        ),
      slow,
    );
    expect(previews.at(-1)?.body).toBe('Hola {{customerName}}, le esperamos.');

    fireEvent.click(screen.getByTestId('notification-settings-save'));
    expect(await screen.findByText('The settings have been saved', undefined, slow)).toBeTruthy();
    expect(puts).toEqual([
      {
        notifications: {
          booking: {
            status: true,
            hour: 9,
            daysInAdvance: 1,
            subject: 'Recordatorio de su reserva{{customerName}}',
            body: 'Hola {{customerName}}, le esperamos.',
          },
          birthday: notifications.birthday,
        },
      },
    ]);
  });

  it('refuses a subject over 200 characters before sending', async () => {
    const { puts } = stubNotifications();
    renderInApp(<NotificationSettingsPage />, {
      path: '/settings/notifications',
      user: testUser({ can: ['settings_edit'] }),
      settings: {
        ...settings,
        notifications: {
          ...notifications,
          birthday: { ...notifications.birthday, subject: 'x'.repeat(201) },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('notification-settings-save', undefined, slow));
    expect(await screen.findByText('Enter at most 200 characters', undefined, slow)).toBeTruthy();
    expect(puts).toEqual([]);
  });
});

describe('insertPlaceholder', () => {
  it('replaces the selection and puts the caret after the placeholder', () => {
    expect(insertPlaceholder('Hola amigo', 'customerName', 5, 10)).toEqual({
      text: 'Hola {{customerName}}',
      caret: 21,
    });
    expect(insertPlaceholder('', 'companyName', 3, 3)).toEqual({ text: '{{companyName}}', caret: 15 });
  });
});
