// @vitest-environment jsdom
import type { Settings } from '@mostrador/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { WidgetSettingsPage } from './widget-settings-page';

const settings: Partial<Settings> = {
  companyName: 'Spa Mar',
  locale: 'es',
  timeZone: 'Europe/Madrid',
  widgetUrl: 'https://spamar.example/reservas',
  widgetColor: null,
};
const embed = {
  licenseCode: 'spamar',
  scriptUrl: 'https://app.example/widget.js',
  frameUrl: 'https://app.example/widget/spamar',
};
const slow = { timeout: 8000 };

describe('WidgetSettingsPage', () => {
  it('shows the code to paste, both ways, and the preview of the saved widget', async () => {
    stubFetch((url) => ({ body: { data: url.endsWith('/admin/settings/widget') ? embed : null } }));
    renderInApp(<WidgetSettingsPage />, {
      path: '/settings/widget',
      user: testUser({ can: ['settings_edit'] }),
      settings,
    });
    const snippet = await screen.findByTestId('widget-snippet', undefined, slow);
    await waitFor(() =>
      expect(snippet.textContent).toBe(
        '<script src="https://app.example/widget.js" data-mostrador-widget="spamar" async></script>',
      ),
    );
    fireEvent.click(screen.getByText('Iframe'));
    await waitFor(() =>
      expect(screen.getByTestId('widget-snippet').textContent).toMatch(
        /^<iframe src="https:\/\/app.example\/widget\/spamar" title="Book online"/,
      ),
    );
    expect(screen.getByTestId('widget-preview').getAttribute('src')).toMatch(
      /^https:\/\/app.example\/widget\/spamar\?lang=en&v=0$/,
    );
    expect(screen.queryByTestId('widget-no-site')).toBeNull();
  });

  it('says when a colour is too light for white text', async () => {
    stubFetch((url) => ({ body: { data: url.endsWith('/admin/settings/widget') ? embed : null } }));
    renderInApp(<WidgetSettingsPage />, {
      path: '/settings/widget',
      user: testUser({ can: ['settings_edit'] }),
      settings,
    });
    const contrast = await screen.findByTestId('widget-contrast', undefined, slow);
    expect(contrast.textContent).toContain('readable');
    fireEvent.change(screen.getByTestId('widget-color'), { target: { value: '#ffee00' } });
    await waitFor(() => expect(screen.getByTestId('widget-contrast').textContent).toContain('too light'));
  });

  it('is read-only without settings_edit', async () => {
    stubFetch((url) => ({ body: { data: url.endsWith('/admin/settings/widget') ? embed : null } }));
    renderInApp(<WidgetSettingsPage />, { path: '/settings/widget', user: testUser(), settings });
    expect(await screen.findByTestId('settings-read-only', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('widget-save')).toBeNull();
    expect((screen.getByTestId('widget-url') as HTMLInputElement).disabled).toBe(true);
  });
});
