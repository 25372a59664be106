import { DisconnectOutlined, GoogleOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import type { GoogleCalendarChoice, GoogleCalendarLink, GoogleLinkSummary } from '@mostrador/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Popconfirm,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';

const linkUrl = (calendarId: number) => `/admin/booking-calendars/${calendarId}/google`;
const linkKey = (calendarId: number) => [...queryKeys.bookingCalendars.detail(calendarId), 'google'] as const;

function useGoogleLink(calendarId: number) {
  return useQuery({
    queryKey: linkKey(calendarId),
    queryFn: ({ signal }) => api.get<GoogleCalendarLink | null>(linkUrl(calendarId), { signal }),
  });
}

function useGoogleChoices(calendarId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...linkKey(calendarId), 'calendars'],
    queryFn: ({ signal }) => api.get<GoogleCalendarChoice[]>(`${linkUrl(calendarId)}/calendars`, { signal }),
    enabled,
  });
}

function useGoogleChanges(calendarId: number) {
  const queryClient = useQueryClient();
  const set = (link: GoogleCalendarLink | null) => queryClient.setQueryData(linkKey(calendarId), link);
  return {
    connect: useMutation({
      mutationFn: () => api.post<{ consentUrl: string }>(`${linkUrl(calendarId)}/connection`),
      onSuccess: ({ consentUrl }) => window.location.assign(consentUrl),
    }),
    choose: useMutation({
      mutationFn: (googleCalendarId: string) =>
        api.put<GoogleCalendarLink>(linkUrl(calendarId), { googleCalendarId }),
      onSuccess: set,
    }),
    refresh: useMutation({
      mutationFn: () => api.post<GoogleCalendarLink>(`${linkUrl(calendarId)}/busy-refresh`),
      onSuccess: set,
      onError: () => queryClient.invalidateQueries({ queryKey: linkKey(calendarId) }),
    }),
    disconnect: useMutation({
      mutationFn: () => api.delete<unknown>(linkUrl(calendarId)),
      onSuccess: () => set(null),
    }),
  };
}

/**
 * The calendar's Google Calendar link: connect (Google's consent page, then back here with
 * `?google=connected|denied|failed`), the Google calendar chosen, its state (connected, or broken with why
 * and a reconnect), refreshing its busy times now, and unlinking after a confirmation. Shown to who may
 * see the calendar; its actions to who may edit it.
 */
export function GoogleCalendarCard({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  if (!can('bookingCalendars_find')) return null;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <GoogleOutlined aria-hidden />
          {t('calendars.google.title')}
        </Flex>
      }
      data-testid="google-calendar-card"
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph>{t('calendars.google.intro')}</Typography.Paragraph>
      <GoogleBody calendarId={calendarId} />
    </Card>
  );
}

function GoogleBody({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const { timeZone } = settings;
  const can = usePermissions();
  const canEdit = can('bookingCalendars_edit');
  const query = useGoogleLink(calendarId);
  const link = query.data;
  const choices = useGoogleChoices(calendarId, canEdit && link?.state === 'ok');
  const { connect, choose, refresh, disconnect } = useGoogleChanges(calendarId);
  const [params, setParams] = useSearchParams();

  // Back from Google's consent page: say how it went, once.
  const result = params.get('google');
  useEffect(() => {
    if (!result) return;
    if (result === 'connected') message.success(t('calendars.google.connected'));
    else if (result === 'denied') message.warning(t('calendars.google.denied'));
    else message.error(t('calendars.google.failed'));
    const next = new URLSearchParams(params);
    next.delete('google');
    setParams(next, { replace: true });
  }, [result, params, setParams, message, t]);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  if (query.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('calendars.google.loadFailed')}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );

  const configured = Boolean(settings.google?.clientId && settings.google?.clientSecretSet);
  const connectButton = (label: string, testId: string) =>
    canEdit && (
      <Button
        type="primary"
        icon={<LinkOutlined aria-hidden />}
        loading={connect.isPending}
        disabled={!configured}
        onClick={() => run(() => connect.mutateAsync())}
        data-testid={testId}
      >
        {label}
      </Button>
    );

  if (!link)
    return (
      <Flex vertical gap={12} align="flex-start">
        {!configured && (
          <Alert
            type="info"
            showIcon
            message={t('calendars.google.notConfigured')}
            action={
              can('settings_edit') ? (
                <Link to="/settings/company">{t('calendars.google.openSettings')}</Link>
              ) : undefined
            }
            data-testid="google-not-configured"
          />
        )}
        <Typography.Text type="secondary" data-testid="google-none">
          {t('calendars.google.none')}
        </Typography.Text>
        {connectButton(t('calendars.google.connect'), 'google-connect')}
      </Flex>
    );

  const broken = link.state === 'broken';
  return (
    <Flex vertical gap={12}>
      {broken ? (
        <Alert
          type="error"
          showIcon
          data-testid="google-broken"
          message={t('calendars.google.broken')}
          description={
            <>
              {t(`calendars.google.reasons.${link.brokenReason ?? 'revoked'}`)}
              {link.brokenSince && (
                <>
                  {' '}
                  {t('calendars.google.brokenSince', { date: formatDateTime(link.brokenSince, timeZone) })}
                </>
              )}
              <br />
              {t('calendars.google.brokenEffects')}
            </>
          }
        />
      ) : (
        <Flex gap={8} align="center">
          <Tag color="success" data-testid="google-state">
            {t('calendars.google.stateOk')}
          </Tag>
        </Flex>
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('calendars.google.calendar')}>
          {canEdit && !broken ? (
            <Select<string>
              style={{ width: '100%', maxWidth: 420 }}
              value={link.googleCalendarId ?? undefined}
              placeholder={t('calendars.google.choose')}
              loading={choices.isFetching || choose.isPending}
              options={(choices.data ?? []).map((c) => ({
                value: c.id,
                label: c.primary ? `${c.summary} (${t('calendars.google.primary')})` : c.summary,
              }))}
              labelRender={(option) => option.label ?? link.googleCalendarName}
              onChange={(value) => run(() => choose.mutateAsync(value), t('calendars.google.chosen'))}
              aria-label={t('calendars.google.calendar')}
              data-testid="google-calendar-select"
            />
          ) : (
            (link.googleCalendarName ?? '—')
          )}
        </Descriptions.Item>
        {!broken && (
          <Descriptions.Item label={t('calendars.google.busyRefreshedAt')}>
            <span data-testid="google-busy-refreshed">
              {link.busyRefreshedAt
                ? t('calendars.google.busySummary', {
                    date: formatDateTime(link.busyRefreshedAt, timeZone),
                    count: link.busyCount,
                  })
                : t('calendars.google.busyNever')}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {canEdit && (
        <Flex gap={8} wrap>
          {broken && connectButton(t('calendars.google.reconnect'), 'google-reconnect')}
          {!broken && (
            <Button
              icon={<ReloadOutlined aria-hidden />}
              loading={refresh.isPending}
              onClick={() => run(() => refresh.mutateAsync(), t('calendars.google.refreshed'))}
              data-testid="google-refresh"
            >
              {t('calendars.google.refresh')}
            </Button>
          )}
          <Popconfirm
            title={t('calendars.google.disconnectTitle')}
            description={t('calendars.google.disconnectConsequences')}
            okText={t('calendars.google.disconnect')}
            cancelText={t('common.cancel')}
            okButtonProps={{
              danger: true,
              loading: disconnect.isPending,
              'data-testid': 'google-disconnect-confirm',
            }}
            onConfirm={() => run(() => disconnect.mutateAsync(), t('calendars.google.disconnected'))}
          >
            <Button danger icon={<DisconnectOutlined aria-hidden />} data-testid="google-disconnect">
              {t('calendars.google.disconnect')}
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Flex>
  );
}

/** Every calendar's Google link state (one read for the calendars list). */
function useGoogleLinks(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.bookingCalendars.all, 'google-links'],
    queryFn: ({ signal }) => api.get<GoogleLinkSummary[]>('/admin/google/links', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Beside a calendar's name in the list: linked to Google, or its link broken (with why). */
export function GoogleLinkTag({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const links = useGoogleLinks(can('bookingCalendars_find'));
  const link = Array.isArray(links.data)
    ? links.data.find((l) => l.bookingCalendarId === calendarId)
    : undefined;
  if (!link) return null;
  const broken = link.state === 'broken';
  return (
    <Tooltip
      title={
        broken ? t(`calendars.google.reasons.${link.brokenReason ?? 'revoked'}`) : link.googleCalendarName
      }
    >
      <Tag
        color={broken ? 'error' : 'default'}
        icon={<GoogleOutlined aria-hidden />}
        style={{ marginInlineStart: 8 }}
        data-testid={`calendar-google-${calendarId}`}
      >
        {broken ? t('calendars.google.tagBroken') : t('calendars.google.tagOk')}
      </Tag>
    </Tooltip>
  );
}
