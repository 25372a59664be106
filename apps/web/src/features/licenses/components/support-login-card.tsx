import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportLoginModal } from './support-login-modal';

/**
 * Support log-in on a license's page: the platform user picks one of the license's employees from a
 * searchable list and opens a session as him, to see what he sees.
 */
export function SupportLoginCard({ license }: { license: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('licenses.sections.support')} style={{ marginTop: 16 }} data-testid="support-login-card">
      <Typography.Paragraph>{t('licenses.support.intro')}</Typography.Paragraph>
      <Button
        icon={<LoginOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="support-login-open"
      >
        {t('licenses.support.button')}
      </Button>
      <SupportLoginModal license={open ? license : null} onClose={() => setOpen(false)} />
    </Card>
  );
}
