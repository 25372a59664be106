import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { GiftVoucherStatus } from '@mostrador/contract';
import { type GlobalToken, Tag, theme } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

const looks: Record<GiftVoucherStatus, { palette: 'green' | 'gold' | 'red'; icon: ComponentType }> = {
  active: { palette: 'green', icon: CheckCircleOutlined },
  exhausted: { palette: 'gold', icon: StopOutlined },
  expired: { palette: 'red', icon: ClockCircleOutlined },
};

/**
 * A voucher's status as a coloured tag with its translated label, in its palette's darkest text on the
 * lightest background (the preset colour tags are too light to read, axe's colour contrast).
 */
export function GiftVoucherStatusTag({ status }: { status: GiftVoucherStatus }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { palette, icon: Icon } = looks[status];
  const shade = (n: number) => token[`${palette}${n}` as keyof GlobalToken] as string;
  return (
    <Tag
      icon={<Icon aria-hidden />}
      style={{ color: shade(9), background: shade(1), borderColor: shade(3), marginInlineEnd: 0 }}
      data-testid="gift-voucher-status"
      data-status={status}
    >
      {t(`giftVouchers.status.${status}`)}
    </Tag>
  );
}
