import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { InvoiceType, VerifactuState } from '@mostrador/contract';
import { type GlobalToken, Tag, theme } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Palette = 'gold' | 'green' | 'orange' | 'purple' | 'red' | 'volcano';

/**
 * A tag in its palette's darkest text on the lightest background (the preset colour tags are too light
 * to read: axe's colour contrast), as the mail status tags are.
 */
export function PaletteTag({
  palette,
  icon: Icon,
  children,
  ...rest
}: {
  palette: Palette;
  icon: ComponentType;
  children: ReactNode;
  'data-testid'?: string;
  'data-state'?: string;
}) {
  const { token } = theme.useToken();
  const shade = (n: number) => token[`${palette}${n}` as keyof GlobalToken] as string;
  return (
    <Tag
      icon={<Icon aria-hidden />}
      style={{ color: shade(9), background: shade(1), borderColor: shade(3), marginInlineEnd: 0 }}
      {...rest}
    >
      {children}
    </Tag>
  );
}

const stateLooks: Record<VerifactuState, { palette: Palette; icon: ComponentType }> = {
  pending: { palette: 'gold', icon: ClockCircleOutlined },
  correct: { palette: 'green', icon: CheckCircleOutlined },
  accepted_with_errors: { palette: 'orange', icon: ExclamationCircleOutlined },
  incorrect: { palette: 'red', icon: CloseCircleOutlined },
};

/** Where an invoice's Verifactu record stands with AEAT, as a coloured tag with its translated label. */
export function VerifactuStateTag({ state }: { state: VerifactuState }) {
  const { t } = useTranslation();
  const { palette, icon } = stateLooks[state];
  return (
    <PaletteTag palette={palette} icon={icon} data-testid="verifactu-state-tag" data-state={state}>
      {t(`invoices.verifactuStates.${state}`)}
    </PaletteTag>
  );
}

/** "Annulled": an invoice issued by mistake, its number kept. */
export function AnnulledTag() {
  const { t } = useTranslation();
  return (
    <PaletteTag palette="volcano" icon={StopOutlined} data-testid="invoice-annulled-tag">
      {t('invoices.annulled')}
    </PaletteTag>
  );
}

/** "Rectifying R1": a rectifying invoice's own label, as refunds have theirs. */
export function RectifyingTag({ type }: { type: InvoiceType }) {
  const { t } = useTranslation();
  return (
    <PaletteTag palette="purple" icon={RollbackOutlined} data-testid="invoice-rectifying-tag">
      {t(`invoices.typesShort.${type}`)}
    </PaletteTag>
  );
}
