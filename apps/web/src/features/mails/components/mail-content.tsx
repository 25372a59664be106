import { Empty, Tabs, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

interface MailContentProps {
  html: string;
  text: string;
  /** Names the frame for screen readers, e.g. the mail's subject. */
  title: string;
  /** The frame's height; the mail scrolls inside it. */
  height?: number | string;
  testId?: string;
}

/**
 * A mail's two parts in tabs: the HTML as the customer sees it and the plain text. The HTML is shown in a
 * frame sandboxed of everything (`sandbox=""`): no scripts, no forms, no navigation, a unique origin with
 * no access to the app, its storage or its token.
 */
export function MailContent({ html, text, title, height = 480, testId = 'mail-content' }: MailContentProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const frame = (
    <iframe
      title={t('mails.view.htmlFrame', { subject: title })}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      style={{
        display: 'block',
        width: '100%',
        height,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        // The mail is written for a white page, whatever the app's theme.
        background: '#fff',
      }}
      data-testid={`${testId}-html`}
    />
  );
  const plain = text.trim() ? (
    <Typography.Paragraph
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: token.fontFamilyCode,
        margin: 0,
        maxHeight: height,
        overflow: 'auto',
        padding: 12,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
      }}
      tabIndex={0}
      data-testid={`${testId}-text`}
    >
      {text}
    </Typography.Paragraph>
  ) : (
    <Empty description={t('mails.view.noText')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
  );
  return (
    <Tabs
      size="small"
      items={[
        { key: 'html', label: t('mails.view.htmlTab'), children: frame },
        { key: 'text', label: t('mails.view.textTab'), children: plain },
      ]}
      data-testid={testId}
    />
  );
}
