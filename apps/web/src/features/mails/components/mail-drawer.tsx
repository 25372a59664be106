import { DownloadOutlined, PaperClipOutlined, RedoOutlined } from '@ant-design/icons';
import type { Mail, MailAttachment } from '@mostrador/contract';
import { Alert, App, Button, Descriptions, Drawer, Flex, Grid, Skeleton, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { downloadFromApi } from '../../files/download-file';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { addressBody, useMail, useResendMail } from '../api';
import { EmailAddress } from './email-address';
import { MailAddressDialog } from './mail-address-dialog';
import { MailContent } from './mail-content';
import { MailStatusTag } from './mail-status-tag';

/** A file size as people read it: 812 B, 14,2 KB, 1,5 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

/** What went wrong, or why the mail still waits: the reason in the user's language, the server's reply. */
export function MailErrorAlert({ mail }: { mail: Pick<Mail, 'status' | 'error' | 'errorCode'> }) {
  const { t } = useTranslation();
  if (mail.status === 'sent' || (!mail.error && !mail.errorCode)) return null;
  const title = mail.errorCode ? t(`mails.errorCodes.${mail.errorCode}`) : t('mails.view.serverSaid');
  return (
    <Alert
      type={mail.status === 'failed' ? 'error' : 'warning'}
      showIcon
      title={title}
      description={
        // A mail waiting for a mail server has no reply of a server: only the reason says it.
        mail.error && mail.errorCode !== 'no_mail_server' ? (
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{mail.error}</Typography.Text>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
      data-testid="mail-error"
    />
  );
}

/** A mail's attachments, each downloaded from the mail (a file's or one kept with it, like an `.ics`). */
function AttachmentList({ mailId, attachments }: { mailId: number; attachments: MailAttachment[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (file: MailAttachment) => {
    setBusy(file.id);
    try {
      await downloadFromApi(`/admin/mails/${mailId}/attachments/${file.id}`, file.name);
    } catch (error) {
      message.error(isApiError(error) ? errorMessage(error) : t('mails.view.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
      data-testid="mail-attachments"
    >
      {attachments.map((file, index) => (
        <li
          key={file.id}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '4px 4px 4px 12px',
            borderTop: index ? `1px solid ${token.colorBorderSecondary}` : undefined,
          }}
        >
          <PaperClipOutlined aria-hidden />
          <Typography.Text ellipsis={{ tooltip: file.name }} style={{ flex: '0 1 auto', minWidth: 0 }}>
            {file.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', marginInlineEnd: 'auto' }}>
            {formatSize(file.size)}
          </Typography.Text>
          <Button
            type="text"
            icon={<DownloadOutlined aria-hidden />}
            aria-label={t('mails.view.downloadNamed', { name: file.name })}
            loading={busy === file.id}
            onClick={() => void download(file)}
            data-testid="mail-attachment-download"
          />
        </li>
      ))}
    </ul>
  );
}

/** The header of a mail: to whom, what, when, how it went. */
function MailFacts({ mail, onOpen }: { mail: Mail; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const none = t('common.noValue');
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ marginBottom: 16 }}
      data-testid="mail-facts"
      items={[
        {
          key: 'to',
          label: t('mails.fields.contactEmail'),
          children: mail.contactEmail ? <EmailAddress email={mail.contactEmail} /> : none,
        },
        { key: 'subject', label: t('mails.fields.subject'), children: mail.subject || none },
        { key: 'status', label: t('mails.fields.status'), children: <MailStatusTag status={mail.status} /> },
        {
          key: 'kind',
          label: t('mails.fields.kind'),
          children: `${t(`mails.kinds.${mail.kind}`)} · ${t(`mails.types.${mail.type}`)}`,
        },
        {
          key: 'createdAt',
          label: t('mails.fields.createdAt'),
          children: formatDateTime(mail.createdAt, timeZone),
        },
        {
          key: 'sentAt',
          label: t('mails.fields.sentAt'),
          children: formatDateTime(mail.sentAt, timeZone) || none,
        },
        { key: 'attempts', label: t('mails.fields.attempts'), children: formatNumber(mail.attempts) },
        { key: 'language', label: t('mails.fields.language'), children: t(`languageNames.${mail.language}`) },
        ...(mail.resentFromId !== null
          ? [
              {
                key: 'resentFrom',
                label: t('mails.fields.resentFrom'),
                children: (
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto' }}
                    onClick={() => onOpen(mail.resentFromId as number)}
                    data-testid="mail-resent-from"
                  >
                    {t('mails.view.mailNumber', { id: mail.resentFromId })}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Resend, with the address to send the copy to. */
export function ResendButton({
  mail,
  onResent,
}: {
  mail: Pick<Mail, 'id' | 'subject' | 'contactEmail'>;
  onResent?: (copy: Mail) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resend = useResendMail();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="primary"
        icon={<RedoOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="mail-resend"
      >
        {t('mails.resend.action')}
      </Button>
      {open && (
        <MailAddressDialog
          title={t('mails.resend.title')}
          intro={t('mails.resend.intro', { subject: mail.subject })}
          okText={t('mails.resend.confirm')}
          defaultEmail={mail.contactEmail}
          onSend={async (email) => {
            const copy = await resend.mutateAsync({
              id: mail.id,
              body: addressBody(email, mail.contactEmail),
            });
            message.success(t('mails.resend.done', { email: copy.contactEmail }));
            setOpen(false);
            onResent?.(copy);
          }}
          onClose={() => setOpen(false)}
          testId="mail-resend-dialog"
        />
      )}
    </>
  );
}

/**
 * One mail, read-only (a sent mail no longer changes): its facts, why it failed, its HTML in a sandboxed
 * frame and its plain text, the attachments to download, and resend for who may.
 */
export function MailDrawer({
  id,
  onClose,
  onOpen,
}: {
  id: number;
  onClose: () => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const { token } = theme.useToken();
  const query = useMail(id);
  const mail = query.data;
  return (
    <Drawer
      open
      onClose={onClose}
      title={mail ? mail.subject || t('mails.view.mailNumber', { id }) : t('mails.view.mailNumber', { id })}
      size={screens.md ? 760 : '100%'}
      footer={
        mail && can('mails_resend') ? (
          <Flex justify="flex-end">
            <ResendButton mail={mail} onResent={(copy) => onOpen(copy.id)} />
          </Flex>
        ) : undefined
      }
      destroyOnHidden
      data-testid="mail-drawer"
    >
      {query.isError && !mail ? (
        <Alert
          type="error"
          showIcon
          title={t('mails.view.loadFailed')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="mail-load-failed"
        />
      ) : !mail ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <MailErrorAlert mail={mail} />
          <MailFacts mail={mail} onOpen={onOpen} />
          <MailContent html={mail.html} text={mail.text} title={mail.subject} height="60vh" />
          {mail.attachments.length > 0 && (
            <>
              <Typography.Title level={2} style={{ fontSize: token.fontSizeLG, marginTop: 16 }}>
                {t('mails.view.attachments', {
                  count: mail.attachments.length,
                  formatted: formatNumber(mail.attachments.length),
                })}
              </Typography.Title>
              <AttachmentList mailId={mail.id} attachments={mail.attachments} />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
