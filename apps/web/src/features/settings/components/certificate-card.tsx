import { DeleteOutlined, FileProtectOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { CERTIFICATE_WARNING_DAYS, type CertificateInfo, ErrorCode } from '@mostrador/contract';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { dayjs } from '../../../lib/dayjs';
import { useCompanySettings } from '../../session/api';
import { useRemoveCertificate, useUploadCertificate } from '../api';

/** How a certificate stands today: valid, expiring within the warning days, or expired. */
export type CertificateHealth =
  | { state: 'valid'; days: number }
  | { state: 'expiring'; days: number }
  | { state: 'expired' };

export function certificateHealth(
  certificate: Pick<CertificateInfo, 'notAfter'>,
  now = dayjs(),
): CertificateHealth {
  const end = dayjs(certificate.notAfter);
  if (!end.isAfter(now)) return { state: 'expired' };
  const days = end.diff(now, 'day');
  return days < CERTIFICATE_WARNING_DAYS ? { state: 'expiring', days } : { state: 'valid', days };
}

/** The certificate files AEAT's certificates come as. */
const certificateExtensions = ['.p12', '.pfx'];
/** The largest certificate file the server reads (a PKCS#12 with its chain is a few KB). */
const maxCertificateBytes = 64 * 1024;

interface UploadValues {
  file?: File;
  password: string;
}

/**
 * Asks for the certificate file (.p12, .pfx) and its password and uploads both; the server reads it and
 * says whether it could (a wrong password or another kind of file lands on its field, an expired
 * certificate on the file).
 */
function CertificateUploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<UploadValues>();
  const upload = useUploadCertificate();
  const [failure, setFailure] = useState<string | null>(null);
  const file = Form.useWatch('file', form);

  const submit = async ({ file: chosen, password }: UploadValues) => {
    if (!chosen) return;
    setFailure(null);
    try {
      const info = await upload.mutateAsync({ file: chosen, password });
      message.success(t('settings.billing.certificate.uploaded', { holder: info.holder }));
      onClose();
    } catch (error) {
      const text = errorMessage(error);
      if (error instanceof ApiError && error.code === ErrorCode.certificateUnreadable) {
        const field = error.fieldErrors.some((f) => f.field.endsWith('password')) ? 'password' : 'file';
        form.setFields([{ name: field, errors: [text] }]);
      } else if (error instanceof ApiError && error.code === ErrorCode.certificateExpired) {
        form.setFields([{ name: 'file', errors: [text] }]);
      } else setFailure(text);
    }
  };

  return (
    <Modal
      open
      title={t('settings.billing.certificate.uploadTitle')}
      okText={t('settings.billing.certificate.uploadConfirm')}
      cancelText={t('common.cancel')}
      okButtonProps={
        {
          icon: <UploadOutlined aria-hidden />,
          loading: upload.isPending,
          'data-testid': 'certificate-upload-confirm',
        } as ButtonProps
      }
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="certificate-dialog"
    >
      <Typography.Paragraph type="secondary">
        {t('settings.billing.certificate.uploadIntro')}
      </Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="certificate-error"
        />
      )}
      <Form<UploadValues>
        form={form}
        name="certificate-upload"
        layout="vertical"
        initialValues={{ password: '' }}
        onFinish={(values) => void submit(values)}
        noValidate
      >
        <Form.Item
          name="file"
          label={t('settings.billing.certificate.file')}
          required
          valuePropName="file"
          rules={[
            { required: true, message: t('settings.billing.certificate.chooseFileFirst') },
            {
              validator: async (_rule, value: File | undefined) => {
                if (!value) return;
                const name = value.name.toLowerCase();
                if (!certificateExtensions.some((extension) => name.endsWith(extension)))
                  throw new Error(t('settings.billing.certificate.wrongType'));
                if (value.size > maxCertificateBytes)
                  throw new Error(t('settings.billing.certificate.tooLarge'));
              },
            },
          ]}
        >
          <CertificateFileInput />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('settings.billing.certificate.password')}
          extra={t('settings.billing.certificate.passwordHelp')}
          rules={[{ max: 4096, message: t('validation.maxLength', { max: 4096 }) }]}
        >
          <Input.Password autoComplete="off" data-testid="certificate-password" />
        </Form.Item>
      </Form>
      {file && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('settings.billing.certificate.neverShown')}
        </Typography.Text>
      )}
    </Modal>
  );
}

/** The chosen file, and a button to choose it (the file stays in the browser until the dialog is sent). */
function CertificateFileInput({
  id,
  file,
  onChange,
}: {
  id?: string;
  file?: File;
  onChange?: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" wrap>
      <Upload
        accept={certificateExtensions.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(chosen) => {
          onChange?.(chosen);
          return false;
        }}
      >
        <Button id={id} icon={<PaperClipOutlined aria-hidden />} data-testid="certificate-choose">
          {t(file ? 'settings.billing.certificate.chooseAnother' : 'settings.billing.certificate.chooseFile')}
        </Button>
      </Upload>
      {file && (
        <Typography.Text
          ellipsis={{ tooltip: file.name }}
          style={{ maxWidth: 240 }}
          data-testid="certificate-file-name"
        >
          {file.name}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The company's electronic certificate, which signs the Verifactu submissions: who it names, its tax id,
 * who issued it and until when it is valid (a warning in its last days, an error once expired); upload
 * or replace it, and remove it (never while Verifactu is on). The file and its password never come back.
 */
export function CertificateCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const { timeZone } = settings;
  const certificate = settings.verifactu?.certificate ?? null;
  const verifactuOn = !!settings.verifactu?.status;
  const remove = useRemoveCertificate();
  const [uploading, setUploading] = useState(false);
  const health = certificate ? certificateHealth(certificate) : null;

  const confirmRemove = () =>
    modal.confirm({
      title: t('settings.billing.certificate.removeTitle'),
      content: t('settings.billing.certificate.removeContent', { holder: certificate?.holder }),
      okText: t('settings.billing.certificate.remove'),
      okButtonProps: { danger: true, 'data-testid': 'certificate-remove-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync();
          message.success(t('settings.billing.certificate.removed'));
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  return (
    <Card
      title={t('settings.billing.sections.certificate')}
      style={{ marginBottom: 16 }}
      extra={
        canEdit && (
          <Button
            type={certificate ? 'default' : 'primary'}
            icon={<UploadOutlined aria-hidden />}
            onClick={() => setUploading(true)}
            data-testid="certificate-upload"
          >
            {t(certificate ? 'settings.billing.certificate.replace' : 'settings.billing.certificate.upload')}
          </Button>
        )
      }
      data-testid="certificate-card"
    >
      {!certificate ? (
        <Flex gap={12} align="flex-start" data-testid="certificate-none">
          <FileProtectOutlined aria-hidden style={{ fontSize: 24, opacity: 0.6 }} />
          <Flex vertical>
            <Typography.Text strong>{t('settings.billing.certificate.none')}</Typography.Text>
            <Typography.Text type="secondary">{t('settings.billing.certificate.noneHelp')}</Typography.Text>
          </Flex>
        </Flex>
      ) : (
        <>
          {health?.state === 'expired' && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('settings.billing.certificate.expired')}
              description={t('settings.billing.certificate.expiredHelp')}
              data-testid="certificate-health"
              data-state="expired"
            />
          )}
          {health?.state === 'expiring' && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('settings.billing.certificate.expiring', { count: health.days })}
              description={t('settings.billing.certificate.expiringHelp')}
              data-testid="certificate-health"
              data-state="expiring"
            />
          )}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            data-testid="certificate-facts"
            items={[
              {
                key: 'holder',
                label: t('settings.billing.certificate.holder'),
                children: <span data-testid="certificate-holder">{certificate.holder}</span>,
              },
              {
                key: 'taxId',
                label: t('settings.billing.certificate.taxId'),
                children: certificate.taxId ?? t('common.noValue'),
              },
              {
                key: 'issuer',
                label: t('settings.billing.certificate.issuer'),
                children: <span style={{ overflowWrap: 'anywhere' }}>{certificate.issuer}</span>,
              },
              {
                key: 'validity',
                label: t('settings.billing.certificate.validity'),
                children: (
                  <Typography.Text
                    type={health?.state === 'expired' ? 'danger' : undefined}
                    data-testid="certificate-validity"
                  >
                    {t('settings.billing.certificate.validFromTo', {
                      from: dayjs(certificate.notBefore).tz(timeZone).format('L'),
                      to: dayjs(certificate.notAfter).tz(timeZone).format('L'),
                    })}
                  </Typography.Text>
                ),
              },
            ]}
          />
          {canEdit && (
            <Flex justify="flex-end" align="center" gap={12} wrap style={{ marginTop: 16 }}>
              {verifactuOn && (
                <Typography.Text type="secondary" id="certificate-remove-blocked">
                  {t('settings.billing.certificate.removeBlocked')}
                </Typography.Text>
              )}
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                disabled={verifactuOn}
                aria-describedby={verifactuOn ? 'certificate-remove-blocked' : undefined}
                onClick={confirmRemove}
                data-testid="certificate-remove"
              >
                {t('settings.billing.certificate.remove')}
              </Button>
            </Flex>
          )}
        </>
      )}
      {uploading && <CertificateUploadDialog onClose={() => setUploading(false)} />}
    </Card>
  );
}
