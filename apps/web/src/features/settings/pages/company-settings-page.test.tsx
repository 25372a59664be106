// @vitest-environment jsdom
import type { Settings } from '@mostrador/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { CompanySettingsPage } from './company-settings-page';

const settings: Partial<Settings> = {
  companyName: 'Peluquería Lucía',
  vat: 'B12345678',
  locale: 'es',
  timeZone: 'Europe/Madrid',
};
const slow = { timeout: 8000 };

describe('CompanySettingsPage', () => {
  it('opens read-only without settings_edit: fields disabled, no save', async () => {
    stubFetch(() => ({ body: { data: null } }));
    renderInApp(<CompanySettingsPage />, { path: '/settings/company', user: testUser(), settings });
    expect(await screen.findByTestId('settings-read-only', undefined, slow)).toBeTruthy();
    const name = screen.getByLabelText('Company name') as HTMLInputElement;
    expect(name.value).toBe('Peluquería Lucía');
    expect(name.disabled).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  it('is a form to save with settings_edit', async () => {
    stubFetch(() => ({ body: { data: null } }));
    renderInApp(<CompanySettingsPage />, {
      path: '/settings/company',
      user: testUser({ can: ['settings_edit'] }),
      settings,
    });
    expect(await screen.findByTestId('settings-save', undefined, slow)).toBeTruthy();
    expect((screen.getByLabelText('Company name') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('settings-read-only')).toBeNull();
  });
});
