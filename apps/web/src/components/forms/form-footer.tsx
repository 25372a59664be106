import { Button, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormFooterProps {
  onCancel: () => void;
  saving: boolean;
  saveTestId: string;
  /** The save button's text; "Save" when not given. */
  saveLabel?: string;
  cancelTestId?: string;
  /** Actions shown at the start of the footer, away from save and cancel (e.g. delete). */
  start?: ReactNode;
}

/** Cancel and save that stay in view at the bottom of long forms; save submits the form. */
export function FormFooter({
  onCancel,
  saving,
  saveTestId,
  saveLabel,
  cancelTestId,
  start,
}: FormFooterProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  return (
    <Flex
      justify="flex-end"
      gap={8}
      wrap
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        marginTop: 24,
        padding: '12px 0',
        background: token.colorBgLayout,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {start && <div style={{ marginInlineEnd: 'auto' }}>{start}</div>}
      <Button onClick={onCancel} data-testid={cancelTestId}>
        {t('common.cancel')}
      </Button>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={saveTestId}>
        {saveLabel ?? t('common.save')}
      </Button>
    </Flex>
  );
}
