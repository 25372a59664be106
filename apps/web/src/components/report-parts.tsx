import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError, useErrorMessage } from '../api/errors';

/** Amounts in a report: on one line, their digits in columns. */
export const reportMoney = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

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

interface ReportStatesProps {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** The figures of the period asked are here (not those of the period before). */
  loaded: boolean;
  /** Loaded, and nothing to show. */
  empty: boolean;
  loadFailed: string;
  emptyText: string;
  /** The states' test ids: `<prefix>-error`, `<prefix>-loading`, `<prefix>-empty`. */
  testIdPrefix: string;
  skeletonRows: number;
  /** The report itself, drawn once loaded and not empty. */
  children: () => ReactNode;
}

/** A report's body: why it cannot show (failed, with a retry; loading; nothing in the period), else itself. */
export function ReportStates(props: ReportStatesProps) {
  const { query, loaded, empty, loadFailed, emptyText, testIdPrefix, skeletonRows, children } = props;
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (query.isError && !loaded)
    return (
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
    );
  if (!loaded)
    return <Skeleton active paragraph={{ rows: skeletonRows }} data-testid={`${testIdPrefix}-loading`} />;
  if (empty)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText}
        data-testid={`${testIdPrefix}-empty`}
      />
    );
  return children();
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
