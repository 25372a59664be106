// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp } from '../../../test/render';
import { ProfilePage } from './profile-page';

describe('ProfilePage', () => {
  it('shows a wrong current password on its field', async () => {
    const calls = stubFetch(() => ({
      status: 400,
      body: { error: { code: 1000106, message: 'The current password is not correct' } },
    }));
    renderInApp(<ProfilePage />, { path: '/profile' });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'new-password' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      name: 'Ana García',
      email: 'ana@example.com',
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
  });

  it('asks for the current password and a matching confirmation before sending', async () => {
    const calls = stubFetch(() => ({ body: { data: {} } }));
    renderInApp(<ProfilePage />, { path: '/profile' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
