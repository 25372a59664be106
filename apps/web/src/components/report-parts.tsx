import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Flex, Skeleton, Statistic, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError, useErrorMessage } from '../api/errors';
import { formatEuros, formatNumber } from '../lib/format';

/** Amounts in a report: on one line, their digits in columns. */
export const reportMoney = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A count in a report's table. */
export const reportCount = (value: number) => <span style={reportMoney}>{formatNumber(value)}</span>;

/** An amount in euros in a report's table, bold for a total or a net. */
export const reportEuros = (value: number, strong = false) => (
  <Typography.Text strong={strong} style={reportMoney}>
    {formatEuros(value)}
  </Typography.Text>
);

/**
 * A report's URL parameters (its period, its figure), and a setter that replaces them in the history rather
 * than piling up entries: `null` removes one.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const set = (values: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(values)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, set] as const;
}

/**
 * The report's export: downloads the CSV the server makes, busy meanwhile; a failure shows the error code's
 * message, or `failedText` when the server did not answer one.
 */
export function ReportExportButton({
  label,
  failedText,
  download,
  disabled,
  testId,
}: {
  label: string;
  failedText: string;
  download: () => Promise<void>;
  disabled: boolean;
  testId: string;
}) {
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await download();
    } catch (error) {
      message.error(isApiError(error) ? errorMessage(error) : failedText);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={exporting}
      disabled={disabled}
      onClick={() => void exportCsv()}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

interface ReportStatesProps<D> {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** The figures of the period asked (not those of the period before), once here. */
  data: D | undefined;
  /** Loaded, and nothing to show. */
  empty: boolean;
  loadFailed: string;
  emptyText: string;
  /** The states' test ids: `<prefix>-error`, `<prefix>-loading`, `<prefix>-empty`. */
  testIdPrefix: string;
  skeletonRows: number;
  /** The report itself, drawn once loaded and not empty. */
  children: (data: D) => ReactNode;
}

/**
 * A report's body: itself once loaded and not empty, else a card saying why it cannot show (failed, with a
 * retry; loading; nothing in the period).
 */
export function ReportStates<D>(props: ReportStatesProps<D>) {
  const { query, data, empty, loadFailed, emptyText, testIdPrefix, skeletonRows, children } = props;
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (data !== undefined && !empty) return children(data);
  return (
    <Card>
      {data === undefined && query.isError ? (
        <Alert
          type="error"
          showIcon
          title={loadFailed}
          description={errorMessage(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid={`${testIdPrefix}-error`}
        />
      ) : data === undefined ? (
        <Skeleton active paragraph={{ rows: skeletonRows }} data-testid={`${testIdPrefix}-loading`} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={emptyText}
          data-testid={`${testIdPrefix}-empty`}
        />
      )}
    </Card>
  );
}

/**
 * A report's table wider than the screen scrolls sideways in a region that the keyboard reaches too (axe's
 * scrollable-region-focusable), named as the report.
 */
export function ReportScroll({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
      tabIndex={0}
      aria-label={label}
      style={{ overflowX: 'auto' }}
      data-testid={testId}
    >
      {children}
    </section>
  );
}

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
