import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

interface PageHeaderProps {
  title: string;
  /** One line under the title, e.g. "3 taxes". */
  subtitle?: ReactNode;
  /** The primary action (and secondary ones beside it), on the right. */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  usePageTitle(title);
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
          {title}
        </Typography.Title>
        {subtitle !== undefined && (
          <Typography.Text type="secondary" data-testid="page-count">
            {subtitle}
          </Typography.Text>
        )}
      </div>
      {actions && (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
