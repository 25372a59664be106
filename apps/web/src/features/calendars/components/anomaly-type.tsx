import type { AnomalyType } from '@mostrador/contract';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/** Open or closed: the dot carries the colour, the text stays at full contrast. */
export function AnomalyTypeBadge({ type }: { type: AnomalyType }) {
  const { t } = useTranslation();
  return <Badge status={type === 'open' ? 'success' : 'error'} text={t(`anomalies.types.${type}`)} />;
}
