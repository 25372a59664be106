import { RollbackOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../components/palette-tag';
import { useCurrentUser } from './api';
import { forgetSupportReturn, returnToOwnAccount } from './support-return';

/**
 * Shown while a support user works as another employee: whom he is logged in as, and one button that ends
 * the support session and gives him his own account back. Nothing during a normal session, which also
 * forgets a support user's token kept from a support session that ended otherwise.
 */
export function SupportSessionBanner({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [leaving, setLeaving] = useState(false);
  const isSupport = !!user.supportUser;
  useEffect(() => {
    // A support session left another way (logged out, expired): the kept token is stale, not kept around.
    if (!isSupport) forgetSupportReturn();
  }, [isSupport]);
  if (!user.supportUser) return null;
  const label = t('layout.supportBanner', { user: user.name, license: user.licenseName });
  return (
    <Flex
      role="status"
      align="center"
      gap={8}
      wrap
      data-testid="support-session"
      style={{ minWidth: 0, justifyContent: 'flex-end' }}
    >
      <PaletteTag palette="orange" style={{ whiteSpace: 'normal', marginInlineEnd: 0, lineHeight: 1.4 }}>
        {label}
      </PaletteTag>
      <Button
        size="small"
        type="primary"
        icon={<RollbackOutlined aria-hidden />}
        loading={leaving}
        aria-label={compact ? t('layout.supportReturn') : undefined}
        data-testid="support-session-return"
        onClick={async () => {
          setLeaving(true);
          await returnToOwnAccount();
        }}
      >
        {compact ? null : t('layout.supportReturn')}
      </Button>
    </Flex>
  );
}
