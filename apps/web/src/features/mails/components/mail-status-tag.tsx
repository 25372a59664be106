import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { MailStatus } from '@mostrador/contract';
import { type GlobalToken, Tag, theme } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

const looks: Record<MailStatus, { palette: 'gold' | 'green' | 'red'; icon: ComponentType }> = {
  waiting: { palette: 'gold', icon: ClockCircleOutlined },
  sent: { palette: 'green', icon: CheckCircleOutlined },
  failed: { palette: 'red', icon: CloseCircleOutlined },
};

/**
 * A mail's status as a coloured tag with its translated label, in its palette's darkest text on the
 * lightest background (the preset colour tags are too light to read, axe's colour contrast).
 */
export function MailStatusTag({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { palette, icon: Icon } = looks[status];
  const shade = (n: number) => token[`${palette}${n}` as keyof GlobalToken] as string;
  return (
    <Tag
      icon={<Icon aria-hidden />}
      style={{ color: shade(9), background: shade(1), borderColor: shade(3), marginInlineEnd: 0 }}
      data-testid="mail-status-tag"
      data-status={status}
    >
      {t(`mails.status.${status}`)}
    </Tag>
  );
}
