import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { maxUploadBytes, useUploadImage } from '../api';
import { FileImage } from './file-image';

interface ImageUploadProps {
  /** The image's file id (a form field's value). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The button's id, so the field's label points at it. */
  id?: string;
  /** The preview's text alternative. */
  alt: string;
  testId: string;
}

/**
 * An image field: choose a file, it is uploaded at once and previewed fitted in its box, never cropped;
 * remove clears the field. The server checks that it is an image; the size is checked here first.
 */
export function ImageUpload({ value, onChange, id, alt, testId }: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const upload = useUploadImage();

  const choose = async (file: File) => {
    if (file.size > maxUploadBytes) {
      message.error(t('files.tooLarge', { size: '10 MB' }));
      return;
    }
    try {
      const stored = await upload.mutateAsync(file);
      onChange?.(stored.id);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Flex gap={16} align="center" wrap data-testid={testId}>
      <FileImage fileId={value} width={120} height={120} alt={alt} />
      <Flex vertical gap={8} align="flex-start">
        <Upload
          accept="image/*"
          showUploadList={false}
          // The file goes up through the API client (bearer token), not antd's own request.
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
            {t(value ? 'files.replaceImage' : 'files.chooseImage')}
          </Button>
        </Upload>
        {value ? (
          <Button type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.(null)}>
            {t('files.removeImage')}
          </Button>
        ) : null}
        <Typography.Text type="secondary">{t('files.imageHelp')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
