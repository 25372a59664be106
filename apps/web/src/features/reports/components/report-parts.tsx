import { Card, Flex, Statistic, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { reportMoney } from '../../../components/report-parts';

/**
 * A report's figures as cards of a statistic each, sharing the row's width: two a row on a phone, all in one
 * row on a desktop.
 */
export function FigureCards({
  figures,
  loading,
  testIdPrefix,
}: {
  figures: { key: string; title: string; value: string; hint?: string }[];
  loading: boolean;
  testIdPrefix: string;
}) {
  return (
    <Flex wrap gap={12} style={{ marginBottom: 16 }}>
      {figures.map(({ key, title, value, hint }) => (
        <Card key={key} size="small" style={{ flex: '1 1 150px', minWidth: 0 }}>
          <Statistic
            title={title}
            value={value}
            loading={loading}
            styles={{ content: reportMoney }}
            data-testid={`${testIdPrefix}-${key}`}
          />
          {hint && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          )}
        </Card>
      ))}
    </Flex>
  );
}

/** A name in a report's table: wraps, but never narrower than `minWidth`, so a phone scrolls the table. */
export function CellText({
  children,
  minWidth,
  strong,
}: {
  children: ReactNode;
  minWidth: number;
  strong?: boolean;
}) {
  return (
    <Typography.Text strong={strong} style={{ display: 'inline-block', minWidth }}>
      {children}
    </Typography.Text>
  );
}

/** A share (0–1) as its text and a small bar beside it; the bar is decoration, the text says it. */
export function ShareBar({ share, text }: { share: number | null; text: string }) {
  const { token } = theme.useToken();
  const width = Math.max(0, Math.min(1, share ?? 0)) * 100;
  return (
    <Flex align="center" gap={8} justify="flex-end" style={{ whiteSpace: 'nowrap' }}>
      <span style={{ ...reportMoney, minWidth: 48, textAlign: 'right' }}>{text}</span>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 64,
          height: 6,
          borderRadius: 3,
          background: token.colorFillSecondary,
          overflow: 'hidden',
        }}
      >
        <span
          style={{ display: 'block', width: `${width}%`, height: '100%', background: token.colorPrimary }}
        />
      </span>
    </Flex>
  );
}

/** A titled card of a report's section. */
export function ReportSection({
  title,
  extra,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}
