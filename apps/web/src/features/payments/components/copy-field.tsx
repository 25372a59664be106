import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Puts a text on the clipboard: the Clipboard API, else the selected text of the field (older browsers). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (no permission, not a secure page): the selection below may still work.
  }
  if (!input) return false;
  input.select();
  return typeof document.execCommand === 'function' && document.execCommand('copy');
}

/**
 * An address to hand on (a payment link, a webhook URL): shown whole in a read-only field, with a button
 * that copies it and says so. `label` names both for screen readers.
 */
export function CopyField({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        ref={(element) => {
          input.current = element?.input ?? null;
        }}
        value={value}
        readOnly
        aria-label={label}
        onFocus={(event) => event.target.select()}
        data-testid={testId}
      />
      <Button
        icon={<CopyOutlined aria-hidden />}
        aria-label={t('payments.copy.action', { what: label })}
        onClick={async () => {
          if (await copyText(value, input.current)) message.success(t('payments.copy.done', { what: label }));
          else message.warning(t('payments.copy.failed'));
        }}
        data-testid={`${testId}-copy`}
      >
        {t('payments.copy.short')}
      </Button>
    </Space.Compact>
  );
}
