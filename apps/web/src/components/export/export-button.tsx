import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ExportableList, ExportBody, ExportFormat } from '@mostrador/contract';
import { App, Button, Dropdown, Flex, Modal, Progress, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../api/errors';
import { saveBlob } from '../../features/files/download-file';
import { formatNumber } from '../../lib/format';
import { downloadExport } from './download-export';
import { type ExportProgress, formatBytes, progressPercent, rowsReceived } from './export-request';

/** What the progress says under its bar: rows of a CSV, bytes of an XLSX, or that the file is being made. */
function progressText(progress: ExportProgress | null, t: TFunction) {
  if (!progress) return t('exports.preparing');
  if (progress.format === 'csv' && progress.rows !== null) {
    const received = progress.done ? progress.rows : Math.min(rowsReceived(progress), progress.rows);
    return t('exports.rows', { received: formatNumber(received), total: formatNumber(progress.rows) });
  }
  return t('exports.bytes', { size: formatBytes(progress.bytes) });
}

/** The running export's dialog: a bar (a percent for a CSV, moving for an XLSX), what came, and Cancel. */
export function ExportProgressModal({
  format,
  progress,
  onCancel,
}: {
  format: ExportFormat | null;
  progress: ExportProgress | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const percent = progress ? progressPercent(progress) : undefined;
  return (
    <Modal
      open={format !== null}
      title={t(format === 'xlsx' ? 'exports.titleXlsx' : 'exports.titleCsv')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button onClick={onCancel} data-testid="export-cancel">
          {t('exports.cancel')}
        </Button>
      }
      data-testid="export-progress"
    >
      <Flex vertical gap={4} role="status" aria-live="polite">
        <Progress
          percent={percent ?? 100}
          status={percent === 100 ? 'success' : 'active'}
          showInfo={percent !== undefined}
          aria-label={t('exports.progress')}
          data-testid="export-progress-bar"
        />
        <Typography.Text type="secondary" data-testid="export-progress-text">
          {progressText(progress, t)}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}

/**
 * The list's "Export" menu (CSV, Excel): downloads what the list shows, as `build(format)` says, with a
 * progress dialog and Cancel; saves the file under the server's name. A failure shows the API's message,
 * or a generic one when the stream broke.
 */
export function ExportButton({
  list,
  build,
  iconOnly,
}: {
  list: ExportableList;
  build: (format: ExportFormat) => ExportBody;
  /** On a phone: the icon, named for screen readers. */
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [format, setFormat] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async (chosen: ExportFormat) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setFormat(chosen);
    setProgress(null);
    try {
      const file = await downloadExport(list, build(chosen), {
        signal: abort.signal,
        onProgress: setProgress,
      });
      saveBlob(file.blob, file.fileName);
      message.success(t('exports.saved', { file: file.fileName }));
    } catch (error) {
      if (abort.signal.aborted) message.info(t('exports.cancelled'));
      else message.error(isApiError(error) ? errorMessage(error) : t('exports.failed'));
    } finally {
      controller.current = null;
      setFormat(null);
      setProgress(null);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'csv', icon: <FileTextOutlined aria-hidden />, label: t('exports.csv') },
            { key: 'xlsx', icon: <FileExcelOutlined aria-hidden />, label: t('exports.xlsx') },
          ],
          onClick: ({ key }) => void start(key as ExportFormat),
        }}
      >
        <Button
          icon={<DownloadOutlined aria-hidden />}
          aria-label={iconOnly ? t('exports.button') : undefined}
          loading={format !== null}
          data-testid="export-button"
        >
          {iconOnly ? undefined : t('exports.button')}
        </Button>
      </Dropdown>
      <ExportProgressModal format={format} progress={progress} onCancel={() => controller.current?.abort()} />
    </>
  );
}
