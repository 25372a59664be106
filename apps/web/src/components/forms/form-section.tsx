import { Card, InputNumber, Row } from 'antd';
import type { ReactNode } from 'react';

/**
 * A titled card of a form (the customer's contact data, a product's prices, an order's lines); `grid`
 * lays its children out as the columns of one row.
 */
export function FormSection({
  title,
  testId,
  grid = false,
  children,
}: {
  title: string;
  testId: string;
  grid?: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={title} style={{ marginBottom: 16 }} data-testid={testId}>
      {grid ? <Row gutter={16}>{children}</Row> : children}
    </Card>
  );
}

/** A whole number of minutes, days, places or times, with its unit after it. */
export function CountInput({ suffix, min = 0, ...props }: { suffix?: string; min?: number; id?: string }) {
  return <InputNumber {...props} min={min} precision={0} suffix={suffix} style={{ width: '100%' }} />;
}
