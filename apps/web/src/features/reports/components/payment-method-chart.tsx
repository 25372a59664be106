import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuros, formatNumber } from '../../../lib/format';

export interface PaymentMethodBar {
  key: string;
  name: string;
  sales: number;
  refunds: number;
}

/**
 * Sales and refunds per payment method as bars. A picture only: its figures are the table beside it, so
 * assistive technology reads `label` and then the table.
 */
export function PaymentMethodChart({
  bars,
  label,
  salesName,
  refundsName,
}: {
  bars: PaymentMethodBar[];
  label: string;
  salesName: string;
  refundsName: string;
}) {
  const { token } = theme.useToken();
  const axis = { fill: token.colorTextSecondary, fontSize: token.fontSizeSM };
  return (
    <div
      role="img"
      aria-label={label}
      style={{ width: '100%', height: 56 + bars.length * 56 }}
      data-testid="sales-report-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={bars}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke={token.colorBorderSecondary} />
          <XAxis type="number" tick={axis} tickFormatter={(v: number) => `${formatNumber(v)} €`} />
          <YAxis type="category" dataKey="name" tick={axis} width={110} tickLine={false} />
          <Tooltip
            formatter={(value) => formatEuros(Number(value))}
            contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorder }}
            cursor={{ fill: token.colorFillTertiary }}
          />
          <Legend wrapperStyle={{ fontSize: token.fontSize }} />
          <Bar dataKey="sales" name={salesName} fill={token.colorPrimary} radius={[0, 4, 4, 0]} />
          <Bar dataKey="refunds" name={refundsName} fill={token.colorError} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
