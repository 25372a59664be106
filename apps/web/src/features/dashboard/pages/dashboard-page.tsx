import { CalendarOutlined, EuroOutlined, LineChartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { MailHealthAlert } from '../../mails/components/mail-health-alert';

const cards: { key: string; icon: ComponentType }[] = [
  { key: 'earnings', icon: EuroOutlined },
  { key: 'orders', icon: ShoppingCartOutlined },
  { key: 'attendance', icon: CalendarOutlined },
  { key: 'yearOverYear', icon: LineChartOutlined },
];

/**
 * The dashboard's frame; the figures come with the reports. For who may see the mails, a warning when
 * mails fail or cannot leave, leading to them.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <MailHealthAlert />
      <Alert type="info" showIcon title={t('dashboard.comingLater')} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        {cards.map(({ key, icon: Icon }) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Card data-testid={`dashboard-${key}`}>
              <Statistic
                title={t(`dashboard.cards.${key}`)}
                value={t('common.noValue')}
                prefix={<Icon aria-hidden />}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
