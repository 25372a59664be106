import type { ExportFormat } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { ReportExportButton } from '../../../components/report-parts';

/** A download button's words and test id. */
export interface ReportExportTexts {
  label: string;
  failedText: string;
  testId: string;
}

const formats = ['csv', 'xlsx'] as const satisfies readonly ExportFormat[];

/**
 * The report's two downloads, CSV and XLSX, each the server's file of the report as shown (same period and
 * filters). `report` names its strings (`reports.<report>.export.*`), `testId` the prefix of the buttons'
 * test ids (`<testId>-csv`, `<testId>-xlsx`); or `buttons` gives each format's words and test id (the older
 * reports: their own keys, and the CSV button's test id they always had).
 */
export function ReportExports({
  disabled,
  download,
  ...props
}: (
  | { report: 'bookings' | 'sales'; testId: string }
  | { buttons: Record<ExportFormat, ReportExportTexts> }
) & {
  disabled: boolean;
  download: (format: ExportFormat) => Promise<void>;
}) {
  const { t } = useTranslation();
  const texts = (format: ExportFormat): ReportExportTexts =>
    'buttons' in props
      ? props.buttons[format]
      : {
          label: t(`reports.${props.report}.export.${format}`),
          failedText: t(`reports.${props.report}.export.failed`),
          testId: `${props.testId}-${format}`,
        };
  return (
    <>
      {formats.map((format) => (
        <ReportExportButton
          key={format}
          {...texts(format)}
          download={() => download(format)}
          disabled={disabled}
        />
      ))}
    </>
  );
}
