import type { License } from '@mostrador/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function LicenseStatusTag({ status }: { status: License['status'] }) {
  const { t } = useTranslation();
  return <Tag color={status === 'active' ? 'green' : 'default'}>{t(`licenses.statuses.${status}`)}</Tag>;
}
