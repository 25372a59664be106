import { DeleteOutlined } from '@ant-design/icons';
import {
  type License,
  licenseStatuses,
  type UpdateLicenseBody,
  updateLicenseBody,
} from '@mostrador/contract';
import { App, Button, Card, Col, Form, Input, Radio, Result, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { ButtonLink } from '../../../components/button-link';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { PaletteTag } from '../../../components/palette-tag';
import { usePermissions } from '../../session/permissions';
import { useLicense, useUpdateLicense } from '../api';
import { LicenseDeleteModal } from '../components/license-delete-modal';
import { applyLicenseErrors } from '../components/license-errors';
import { SupportLoginCard } from '../components/support-login-card';

type Values = Pick<UpdateLicenseBody, 'name' | 'code' | 'status'>;
const shape = updateLicenseBody.shape;

export function LicenseEditPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = Number(useParams().id);
  const license = useLicense(id);

  if (license.data) return <LicenseEditor key={license.data.id} license={license.data} />;
  if (license.isError || !Number.isInteger(id)) {
    const missing = !Number.isInteger(id) || isApiError(license.error, 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={t(missing ? 'licenses.notFound' : 'licenses.loadFailed')}
        subTitle={missing ? undefined : errorMessage(license.error)}
        extra={
          <ButtonLink type="primary" to="/licenses">
            {t('licenses.backToList')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <>
      <PageHeader title={t('licenses.editTitleLoading')} />
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    </>
  );
}

function LicenseEditor({ license }: { license: License }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const can = usePermissions();
  const [form] = Form.useForm<Values>();
  const update = useUpdateLicense();
  const { markDirty, markClean } = useUnsavedChanges();
  const [deleting, setDeleting] = useState(false);

  const submit = async (values: Values) => {
    // The catalogue links are not edited here yet: send them back as they are.
    const parsed = updateLicenseBody.safeParse({
      ...values,
      customerId: license.customerId,
      productId: license.productId,
    });
    if (!parsed.success) return;
    try {
      const saved = await update.mutateAsync({ id: license.id, body: parsed.data });
      markClean();
      message.success(t('licenses.updated', { name: saved.name }));
      navigate('/licenses');
    } catch (error) {
      if (!applyLicenseErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title={t('licenses.editTitle', { name: license.name })}
        subtitle={
          license.isPlatform ? <PaletteTag palette="gold">{t('licenses.platform')}</PaletteTag> : undefined
        }
      />
      <Form<Values>
        name="license"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ name: license.name, code: license.code, status: license.status }}
        onValuesChange={markDirty}
        onFinish={submit}
        data-testid="license-form"
      >
        <Card title={t('licenses.sections.license')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={t('licenses.fields.name')}
                required
                rules={[zodRule(shape.name, t)]}
              >
                <Input autoComplete="organization" maxLength={160} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="code"
                label={t('licenses.fields.code')}
                extra={t('licenses.help.codeChange')}
                required
                normalize={(value?: string) => value?.toLowerCase()}
                rules={[zodRule(shape.code, t)]}
              >
                <Input autoComplete="off" maxLength={63} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="status"
                label={t('licenses.fields.status')}
                extra={t(license.isPlatform ? 'licenses.help.platformStatus' : 'licenses.help.status')}
              >
                <Radio.Group
                  disabled={license.isPlatform}
                  optionType="button"
                  options={licenseStatuses.map((s) => ({ value: s, label: t(`licenses.statuses.${s}`) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <FormFooter
          onCancel={() => navigate('/licenses')}
          saving={update.isPending}
          saveTestId="license-save"
        />
      </Form>
      {can('licenses_loginAsUser') && <SupportLoginCard license={license} />}
      {can('licenses_delete') && !license.isPlatform && (
        <Card title={t('licenses.sections.danger')} style={{ marginTop: 16 }}>
          <Typography.Paragraph>{t('licenses.delete.warning')}</Typography.Paragraph>
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)}>
            {t('licenses.deleteNamed', { name: license.name })}
          </Button>
        </Card>
      )}
      <LicenseDeleteModal
        license={deleting ? license : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          markClean();
          navigate('/licenses');
        }}
      />
    </>
  );
}
