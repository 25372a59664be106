import type { ExportFormat } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { ReportExportButton } from '../../../components/report-parts';

/**
 * The report's two downloads, CSV and XLSX, each the server's file of the report as shown (same period and
 * filters). `report` names its strings (`reports.<report>.*`), `testId` the prefix of the buttons' test ids
 * (`<testId>-csv`, `<testId>-xlsx`).
 */
export function ReportExports({
  report,
  testId,
  disabled,
  download,
}: {
  report: 'bookings' | 'sales';
  testId: string;
  disabled: boolean;
  download: (format: ExportFormat) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <ReportExportButton
          key={format}
          label={t(`reports.${report}.export.${format}`)}
          failedText={t(`reports.${report}.export.failed`)}
          download={() => download(format)}
          disabled={disabled}
          testId={`${testId}-${format}`}
        />
      ))}
    </>
  );
}
