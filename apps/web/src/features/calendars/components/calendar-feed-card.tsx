import { CalendarOutlined, DeleteOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CalendarFeed } from '@mostrador/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { formatDateTime } from '../../../lib/format';
import { CopyField } from '../../payments/components/copy-field';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';

const feedUrl = (calendarId: number) => `/admin/booking-calendars/${calendarId}/feed`;
const feedKey = (calendarId: number) => [...queryKeys.bookingCalendars.detail(calendarId), 'feed'] as const;

/** The calendar's feed address (null: none yet). */
function useCalendarFeed(calendarId: number) {
  return useQuery({
    queryKey: feedKey(calendarId),
    queryFn: ({ signal }) => api.get<CalendarFeed | null>(feedUrl(calendarId), { signal }),
  });
}

/** Makes the address, or a new one in place of the old; `revoke` removes it. Both answer the new state. */
function useFeedChanges(calendarId: number) {
  const queryClient = useQueryClient();
  const set = (feed: CalendarFeed | null) => queryClient.setQueryData(feedKey(calendarId), feed);
  return {
    create: useMutation({
      mutationFn: () => api.post<CalendarFeed>(feedUrl(calendarId)),
      onSuccess: set,
    }),
    revoke: useMutation({
      mutationFn: () => api.delete<unknown>(feedUrl(calendarId)),
      onSuccess: () => set(null),
    }),
  };
}

/**
 * The calendar's private iCal feed: what it is, its address to copy, and making, regenerating (the old
 * address stops) and revoking it after a confirmation. Shown to who may see the calendar's bookings;
 * its actions only to who may change them (regenerating and making also need bookings_find, as the
 * API does).
 */
export function CalendarFeedCard({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const canSee = can('bookingCalendars_find') && can('bookings_find');
  if (!canSee) return null;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <CalendarOutlined aria-hidden />
          {t('calendars.feed.title')}
        </Flex>
      }
      data-testid="calendar-feed-card"
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph>{t('calendars.feed.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('calendars.feed.howTo')}</Typography.Paragraph>
      <FeedBody calendarId={calendarId} />
    </Card>
  );
}

function FeedBody({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canEdit = can('bookingCalendars_edit');
  const canMake = canEdit && can('bookings_find');
  const query = useCalendarFeed(calendarId);
  const { create, revoke } = useFeedChanges(calendarId);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
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
        message={t('calendars.feed.loadFailed')}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );

  const feed = query.data;
  if (!feed)
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary" data-testid="calendar-feed-none">
          {t('calendars.feed.none')}
        </Typography.Text>
        {canMake && (
          <Button
            type="primary"
            icon={<LinkOutlined aria-hidden />}
            loading={create.isPending}
            onClick={() => run(() => create.mutateAsync(), t('calendars.feed.created'))}
            data-testid="calendar-feed-create"
          >
            {t('calendars.feed.create')}
          </Button>
        )}
      </Flex>
    );

  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon message={t('calendars.feed.privacy')} />
      <CopyField value={feed.url} label={t('calendars.feed.url')} testId="calendar-feed-url" />
      <Typography.Text type="secondary">
        {t('calendars.feed.createdOn', { date: formatDateTime(feed.createdAt, timeZone) })}
      </Typography.Text>
      {canEdit && (
        <Flex gap={8} wrap>
          {canMake && (
            <Popconfirm
              title={t('calendars.feed.regenerateTitle')}
              description={t('calendars.feed.regenerateConsequences')}
              okText={t('calendars.feed.regenerate')}
              cancelText={t('common.cancel')}
              okButtonProps={{ loading: create.isPending, 'data-testid': 'calendar-feed-regenerate-confirm' }}
              onConfirm={() => run(() => create.mutateAsync(), t('calendars.feed.regenerated'))}
            >
              <Button icon={<ReloadOutlined aria-hidden />} data-testid="calendar-feed-regenerate">
                {t('calendars.feed.regenerate')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('calendars.feed.revokeTitle')}
            description={t('calendars.feed.revokeConsequences')}
            okText={t('calendars.feed.revoke')}
            cancelText={t('common.cancel')}
            okButtonProps={{
              danger: true,
              loading: revoke.isPending,
              'data-testid': 'calendar-feed-revoke-confirm',
            }}
            onConfirm={() => run(() => revoke.mutateAsync(), t('calendars.feed.revoked'))}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} data-testid="calendar-feed-revoke">
              {t('calendars.feed.revoke')}
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Flex>
  );
}
