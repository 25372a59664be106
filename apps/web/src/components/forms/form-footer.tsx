import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** Save and cancel that stay in view at the bottom of long forms. */
export function FormFooter({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      justify="flex-end"
      gap={8}
      wrap
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        marginTop: 24,
        padding: '12px 0',
        background: token.colorBgLayout,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {children}
    </Flex>
  );
}
