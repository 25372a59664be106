import type { MailHealth, MailStatus } from '@mostrador/contract';
import { Alert, Flex } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useMailHealth } from '../api';

export const mailsPath = '/mails';
export const mailSettingsPath = '/settings/mail';

/** The mail list showing only the mails of one status. */
export function mailsWithStatusPath(status: MailStatus): string {
  return `${mailsPath}?filters=${encodeURIComponent(JSON.stringify({ status: { in: [status] } }))}`;
}

/** A link inside a sentence is told from the text by more than its colour (axe's link-in-text-block). */
const inTextLink = { textDecoration: 'underline' } as const;

/** Waiting this long without being blocked, a mail is worth a warning: the server keeps refusing it. */
const stuckAfterMs = 30 * 60_000;

/** Which warnings the outbox deserves now; none when mails leave as they should. */
export function mailWarnings(health: MailHealth, now = Date.now()) {
  const oldest = health.oldestWaitingAt ? Date.parse(health.oldestWaitingAt) : Number.NaN;
  return {
    blocked: health.blockedBy !== null,
    failed: health.failedLastWeek > 0,
    stuck:
      health.blockedBy === null &&
      health.waiting > 0 &&
      Number.isFinite(oldest) &&
      now - oldest > stuckAfterMs,
  };
}

/**
 * What the mail list and the dashboard say when mails fail or cannot leave: the failures of the last
 * seven days, mails blocked without a mail server (with the way to its settings for who may edit them),
 * and mails waiting for long. Nothing when all is well, or for who may not see the mails.
 */
export function MailHealthAlert({ style }: { style?: CSSProperties }) {
  // Also on the dashboard's open demo page, logged out: nothing is asked there.
  return usePermissions()('mails_find') ? <MailHealthAlerts style={style} /> : null;
}

function MailHealthAlerts({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const { timeZone } = useCompanySettings();
  const health = useMailHealth().data;
  if (!health) return null;
  const warnings = mailWarnings(health);
  if (!warnings.blocked && !warnings.failed && !warnings.stuck) return null;

  const alerts: ReactNode[] = [];
  if (warnings.blocked)
    alerts.push(
      <Alert
        key="blocked"
        type="warning"
        showIcon
        title={t('mails.health.blocked')}
        description={
          <>
            {t('mails.health.blockedWaiting', {
              count: health.waiting,
              formatted: formatNumber(health.waiting),
            })}{' '}
            {can('settings_edit') ? (
              <Link to={mailSettingsPath} style={inTextLink} data-testid="mail-health-settings">
                {t('mails.health.configure')}
              </Link>
            ) : (
              t('mails.health.askToConfigure')
            )}
          </>
        }
        data-testid="mail-health-blocked"
      />,
    );
  if (warnings.failed)
    alerts.push(
      <Alert
        key="failed"
        type="error"
        showIcon
        title={t('mails.health.failed', {
          count: health.failedLastWeek,
          formatted: formatNumber(health.failedLastWeek),
        })}
        description={
          <>
            {health.lastError && <div>{t('mails.health.lastError', { error: health.lastError })}</div>}
            <Link to={mailsWithStatusPath('failed')} style={inTextLink} data-testid="mail-health-failed-link">
              {t('mails.health.showFailed')}
            </Link>
          </>
        }
        data-testid="mail-health-failed"
      />,
    );
  if (warnings.stuck)
    alerts.push(
      <Alert
        key="stuck"
        type="warning"
        showIcon
        title={t('mails.health.stuck', {
          count: health.waiting,
          formatted: formatNumber(health.waiting),
          date: formatDateTime(health.oldestWaitingAt, timeZone),
        })}
        description={
          <>
            {health.lastError && <div>{t('mails.health.lastError', { error: health.lastError })}</div>}
            <Link to={mailsWithStatusPath('waiting')} style={inTextLink}>
              {t('mails.health.showWaiting')}
            </Link>
          </>
        }
        data-testid="mail-health-stuck"
      />,
    );
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16, ...style }} data-testid="mail-health">
      {alerts}
    </Flex>
  );
}
