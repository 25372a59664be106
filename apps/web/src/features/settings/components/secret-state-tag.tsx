import { type GlobalToken, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export type SecretState = 'set' | 'notSet' | 'removing';

const palettes: Record<SecretState, 'green' | 'gold' | undefined> = {
  set: 'green',
  removing: 'gold',
  notSet: undefined,
};

/**
 * Whether a write-only secret (the mail server's password, a payment gateway's key) is saved, in its
 * palette's darkest text on the lightest background (the preset colour tags are too light to read, axe's
 * colour contrast).
 */
export function SecretStateTag({
  state,
  testId = 'mail-pass-state',
}: {
  state: SecretState;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const palette = palettes[state];
  const shade = (n: number) => token[`${palette}${n}` as keyof GlobalToken] as string;
  return (
    <Tag
      style={palette ? { color: shade(9), background: shade(1), borderColor: shade(3) } : undefined}
      data-testid={testId}
    >
      {t(`settings.mail.pass.${state}`)}
    </Tag>
  );
}
