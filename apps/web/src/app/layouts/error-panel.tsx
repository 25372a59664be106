import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { hardNavigation } from '../../lib/hard-navigation';

interface ErrorPanelProps {
  /** Fills the window (no layout around it) or only the content area. */
  fullPage?: boolean;
  titleKey: string;
  messageKey: string | string[];
  actionKey: string;
}

/**
 * A full-page failure with a reload button. Light on purpose (no antd Result and its illustrations): it is
 * part of the code every visitor downloads first.
 */
export function ErrorPanel({ fullPage = true, titleKey, messageKey, actionKey }: ErrorPanelProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      role="alert"
      style={{
        minHeight: fullPage ? '100vh' : 320,
        padding: 24,
        textAlign: 'center',
        color: token.colorText,
      }}
    >
      <CloseCircleFilled style={{ fontSize: 56, color: token.colorError }} aria-hidden />
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong }}>
        {t(titleKey)}
      </h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t(messageKey)}</p>
      <Button type="primary" onClick={() => hardNavigation.assign(window.location.href)}>
        {t(actionKey)}
      </Button>
    </Flex>
  );
}
