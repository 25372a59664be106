// @vitest-environment jsdom
import type { MailHealth } from '@mostrador/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

const failing: MailHealth = {
  waiting: 0,
  failedLastWeek: 1,
  oldestWaitingAt: null,
  blockedBy: null,
  lastError: '550 Mailbox does not exist',
};
const slow = { timeout: 8000 };

describe('DashboardPage', () => {
  it('warns who may see the mails that some failed, leading to them', async () => {
    stubFetch(() => ({ body: { data: failing } }));
    renderInApp(<DashboardPage />, { user: testUser({ can: ['mails_find'] }) });
    const alert = await screen.findByTestId('mail-health-failed', undefined, slow);
    expect(alert.textContent).toContain('1 mail failed in the last 7 days');
    expect(screen.getByTestId('mail-health-failed-link').getAttribute('href')).toBe(
      `/mails?filters=${encodeURIComponent('{"status":{"in":["failed"]}}')}`,
    );
  });

  it('asks nothing about the mails of who may not see them', async () => {
    const calls = stubFetch(() => ({ body: { data: failing } }));
    renderInApp(<DashboardPage />, { user: testUser({ can: ['orders_find'] }) });
    expect(await screen.findByTestId('dashboard-earnings', undefined, slow)).toBeTruthy();
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('mail-health')).toBeNull();
  });
});
