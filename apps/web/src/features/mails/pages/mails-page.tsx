import { EyeOutlined } from '@ant-design/icons';
import { type MailListItem, mailStatuses, mailTypes } from '@mostrador/contract';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { exportWords, type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useMailList } from '../api';
import { EmailAddress } from '../components/email-address';
import { MailDrawer } from '../components/mail-drawer';
import { MailFilters } from '../components/mail-filters';
import { MailHealthAlert } from '../components/mail-health-alert';
import { MailStatusTag } from '../components/mail-status-tag';

/** The URL parameter holding the mail open in the drawer, so that it can be linked and the back button closes it. */
const openParam = 'mail';

function parseId(raw: string | null): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * Why the mail waits or failed: the server's reply, else the reason in words. A failure in the error
 * colour; a wait in the darkest gold, the one that reads on white (antd's warning text does not).
 */
function ErrorCell({ item }: { item: MailListItem }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (item.status === 'sent' || (!item.error && !item.errorCode)) return null;
  const reason = item.errorCode ? t(`mails.errorCodes.${item.errorCode}`) : '';
  // The server's own reply says most in little room, the reason in words with it on hover; a mail
  // waiting for a mail server has no reply, only our reason (its stored text is the API's English).
  const reply = item.errorCode === 'no_mail_server' ? null : item.error;
  const text = reply || reason;
  const full = [reason, reply].filter(Boolean).join(': ');
  return (
    <Typography.Text
      type={item.status === 'failed' ? 'danger' : undefined}
      ellipsis={{ tooltip: full }}
      style={{ maxWidth: 200, ...(item.status === 'failed' ? {} : { color: token.gold9 }) }}
    >
      {text}
    </Typography.Text>
  );
}

/**
 * The mails the company sent or is sending (the outbox), latest first: status, type, who and what, the
 * error of those that failed. A warning above when mails fail or cannot leave; a row opens the mail.
 */
export function MailsPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openId = parseId(params.get(openParam));

  /** The list's address with the mail open in the drawer (or none). */
  const withOpen = (id: number | undefined) => {
    const next = new URLSearchParams(location.search);
    if (id === undefined) next.delete(openParam);
    else next.set(openParam, String(id));
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const openedFromList = !!(location.state as { openedFromList?: boolean } | null)?.openedFromList;
  const open = (id: number) => navigate(withOpen(id), { state: { openedFromList: true } });
  /** Another mail in the same drawer (the original of a copy, a new copy): the same history entry. */
  const switchTo = (id: number) => navigate(withOpen(id), { replace: true, state: location.state });
  const close = () => {
    // Opened from the list: back to it, so that the back button does not open the mail again.
    if (openedFromList) navigate(-1);
    else navigate(withOpen(undefined), { replace: true });
  };

  const subject = (item: MailListItem) => (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', maxWidth: 240 }}
      onClick={() => open(item.id)}
      data-testid="mail-open"
    >
      {item.subject || t('mails.view.mailNumber', { id: item.id })}
    </Button>
  );

  /** A phone's row as a card: what and where it stands, when and of which kind, to whom, why it waits. */
  const phoneCard = (item: MailListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 260 }} data-testid="mail-card">
      {subject(item)}
      <Typography.Text type="secondary">
        {t(`mails.types.${item.type}`)} · {formatDateTime(item.createdAt, timeZone)}
      </Typography.Text>
      <EmailAddress email={item.contactEmail} maxWidth={240} />
      <span>
        <MailStatusTag status={item.status} />
      </span>
      <ErrorCell item={item} />
    </Flex>
  );

  const columns: ResourceColumn<MailListItem>[] = [
    { key: 'id', title: 'mails.fields.id', sortable: true, align: 'right' },
    {
      key: 'type',
      title: 'mails.fields.type',
      sortable: true,
      render: (item) => t(`mails.types.${item.type}`),
      exportValues: exportWords(mailTypes, (code) => t(`mails.types.${code}`)),
    },
    {
      key: 'contactId',
      title: 'mails.fields.contactId',
      sortable: true,
      defaultHidden: true,
      align: 'right',
      render: (item) =>
        item.contactId === null ? (
          t('common.noValue')
        ) : item.type === 'customer' && can('customers_edit') ? (
          <Link to={`/customers/edit/${item.contactId}`}>{item.contactId}</Link>
        ) : (
          item.contactId
        ),
    },
    {
      key: 'createdAt',
      title: 'mails.fields.createdAt',
      sortable: true,
      // The day over the time: the list keeps its subject, address and error in view.
      render: (item) => (
        <span style={{ whiteSpace: 'nowrap' }} title={formatDateTime(item.createdAt, timeZone)}>
          {formatDate(item.createdAt, timeZone)}
          <br />
          <Typography.Text type="secondary">{formatTime(item.createdAt, timeZone)}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'status',
      title: 'mails.fields.status',
      sortable: true,
      render: (item) => <MailStatusTag status={item.status} />,
      exportValues: exportWords(mailStatuses, (code) => t(`mails.status.${code}`)),
    },
    {
      key: 'subject',
      title: 'mails.fields.subject',
      sortable: true,
      render: (item) => subject(item),
    },
    {
      key: 'body',
      title: 'mails.fields.body',
      defaultHidden: true,
      render: (item) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: item.body }} style={{ maxWidth: 320 }}>
          {item.body}
        </Typography.Text>
      ),
    },
    {
      key: 'contactEmail',
      title: 'mails.fields.contactEmail',
      sortable: true,
      render: (item) => <EmailAddress email={item.contactEmail} maxWidth={220} />,
    },
    {
      key: 'error',
      title: 'mails.fields.error',
      sortable: true,
      render: (item) => <ErrorCell item={item} />,
    },
  ];

  const rowActions = (item: MailListItem) => (
    <Tooltip title={t('mails.view.open')}>
      <Button
        type="text"
        icon={<EyeOutlined aria-hidden />}
        aria-label={t('mails.view.openNamed', { subject: item.subject, email: item.contactEmail })}
        onClick={() => open(item.id)}
        data-testid="mail-view"
      />
    </Tooltip>
  );

  return (
    <>
      <MailHealthAlert />
      <ResourceTable<MailListItem>
        pageKey="mails"
        exportList="mails"
        title="mails.title"
        countKey="mails.count"
        columns={columns}
        useList={useMailList}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        toolbar={(context) => <MailFilters {...context} />}
        emptyText="mails.empty"
        rowActions={rowActions}
        phoneCard={phoneCard}
      />
      {openId !== undefined && <MailDrawer id={openId} onClose={close} onOpen={switchTo} />}
    </>
  );
}
