import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import {
  calendarColorPattern,
  companySettingsSchema,
  contrastWithWhite,
  defaultWidgetColor,
  type Settings,
  type WidgetEmbed,
} from '@mostrador/contract';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings, useWidgetEmbed } from '../api';
import { SettingsReadOnlyAlert } from '../components/settings-read-only-alert';

interface WidgetFormValues {
  widgetUrl: string;
  widgetColor: string;
}

const shape = companySettingsSchema.shape;

function valuesOf(settings: Settings): WidgetFormValues {
  return { widgetUrl: settings.widgetUrl ?? '', widgetColor: settings.widgetColor ?? '' };
}

/** The two ways to put the widget on a website: the script tag (it sizes itself) or a plain iframe. */
type SnippetKind = 'script' | 'iframe';

/** The code to paste: without a language, the widget speaks the visitor's (when the company offers it). */
export function widgetSnippet(kind: SnippetKind, embed: WidgetEmbed, title: string): string {
  if (kind === 'script')
    return `<script src="${embed.scriptUrl}" data-mostrador-widget="${embed.licenseCode}" async></script>`;
  return `<iframe src="${embed.frameUrl}" title="${title.replace(/"/g, '&quot;')}" style="width:100%;min-height:680px;border:0" loading="lazy"></iframe>`;
}

/**
 * The widget's page for the preview: its own origin's path when PUBLIC_URL is this origin (the
 * back-office may frame only its own origin), else the public address as configured.
 */
function previewUrl(embed: WidgetEmbed, language: string, version: number): string {
  const url = new URL(embed.frameUrl);
  const base = url.origin === window.location.origin ? url.pathname : embed.frameUrl;
  return `${base}?lang=${language}&v=${version}`;
}

/**
 * The booking widget: the website that shows it (the only one, besides the company web, allowed to
 * frame it and call the public API), its colour, the code to paste into that website with a copy
 * button, and a live preview of the saved widget at desktop or phone width.
 */
export function WidgetSettingsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const [form] = Form.useForm<WidgetFormValues>();
  const update = useUpdateSettings();
  const { markDirty, markClean } = useUnsavedChanges();
  const canEdit = usePermissions()('settings_edit');
  const [kind, setKind] = useState<SnippetKind>('script');
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const [version, setVersion] = useState(0);
  const embed = useWidgetEmbed();
  const color = Form.useWatch('widgetColor', form) ?? '';
  const shown = calendarColorPattern.test(color) ? color.toLowerCase() : defaultWidgetColor;
  const contrast = contrastWithWhite(shown);
  const language = i18n.language;

  const submit = async (values: WidgetFormValues) => {
    try {
      await update.mutateAsync({ widgetUrl: values.widgetUrl, widgetColor: values.widgetColor });
      markClean();
      setVersion((v) => v + 1);
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  const snippet = embed.data ? widgetSnippet(kind, embed.data, t('settings.widget.frameTitle')) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      message.success(t('settings.widget.copied'));
    } catch {
      message.error(t('settings.widget.copyFailed'));
    }
  };

  return (
    <>
      <PageHeader title={t('settings.widget.title')} subtitle={t('settings.widget.subtitle')} />
      {!canEdit && <SettingsReadOnlyAlert />}
      <Form<WidgetFormValues>
        name="widget-settings"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={!canEdit}
        initialValues={valuesOf(settings)}
        onValuesChange={markDirty}
        onFinish={submit}
        data-testid="widget-settings-form"
      >
        <Card title={t('settings.widget.lookTitle')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="widgetUrl"
                label={t('settings.widget.site')}
                extra={t('settings.widget.siteHelp')}
                rules={[zodRule(shape.widgetUrl, t)]}
              >
                <Input type="url" autoComplete="off" placeholder="https://" data-testid="widget-url" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('settings.widget.color')}
                extra={t('settings.widget.colorHelp')}
                required={false}
              >
                <Flex gap={8} align="center">
                  <input
                    type="color"
                    aria-label={t('settings.widget.colorPicker')}
                    value={shown}
                    disabled={!canEdit}
                    onChange={(event) => {
                      form.setFieldValue('widgetColor', event.target.value);
                      markDirty();
                    }}
                    style={{ width: 40, height: 32, padding: 2, border: 'none', background: 'none' }}
                    data-testid="widget-color-picker"
                  />
                  <Form.Item name="widgetColor" noStyle rules={[zodRule(shape.widgetColor, t)]}>
                    <Input
                      aria-label={t('settings.widget.color')}
                      placeholder={defaultWidgetColor}
                      maxLength={7}
                      style={{ maxWidth: 140 }}
                      data-testid="widget-color"
                    />
                  </Form.Item>
                  <span
                    data-testid="widget-color-sample"
                    style={{
                      background: shown,
                      color: '#fff',
                      borderRadius: 6,
                      padding: '5px 12px',
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {t('settings.widget.sample')}
                  </span>
                </Flex>
                <Typography.Text
                  type={contrast >= 4.5 ? 'secondary' : 'danger'}
                  style={{ display: 'block', marginTop: 4 }}
                  data-testid="widget-contrast"
                >
                  {t(contrast >= 4.5 ? 'settings.widget.contrastOk' : 'settings.widget.contrastLow', {
                    ratio: contrast.toFixed(1).replace('.', ','),
                  })}
                </Typography.Text>
              </Form.Item>
            </Col>
          </Row>
        </Card>
        {canEdit && (
          <FormFooter
            onCancel={() => {
              form.resetFields();
              markClean();
            }}
            saving={update.isPending}
            saveTestId="widget-save"
          />
        )}
      </Form>

      <Card title={t('settings.widget.codeTitle')} style={{ marginTop: 16, marginBottom: 16 }}>
        {!settings.widgetUrl && !settings.web && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('settings.widget.noSite')}
            data-testid="widget-no-site"
          />
        )}
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <Segmented<SnippetKind>
            value={kind}
            onChange={setKind}
            options={[
              { value: 'script', label: t('settings.widget.kindScript') },
              { value: 'iframe', label: t('settings.widget.kindIframe') },
            ]}
            data-testid="widget-snippet-kind"
          />
          <Button icon={<CopyOutlined />} onClick={copy} disabled={!snippet} data-testid="widget-copy">
            {t('settings.widget.copy')}
          </Button>
        </Flex>
        {embed.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : embed.isError ? (
          <Alert type="error" showIcon message={errorMessage(embed.error)} />
        ) : (
          <pre
            data-testid="widget-snippet"
            style={{
              margin: 0,
              padding: 12,
              background: 'rgba(0,0,0,0.04)',
              borderRadius: 6,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              fontSize: 13,
            }}
          >
            <code>{snippet}</code>
          </pre>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t(kind === 'script' ? 'settings.widget.scriptHelp' : 'settings.widget.iframeHelp')}
        </Typography.Paragraph>
      </Card>

      <Card title={t('settings.widget.previewTitle')}>
        <Typography.Paragraph type="secondary">{t('settings.widget.previewHelp')}</Typography.Paragraph>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <Segmented<'desktop' | 'phone'>
            size="small"
            value={width}
            onChange={setWidth}
            options={[
              { value: 'desktop', label: t('settings.widget.desktop') },
              { value: 'phone', label: t('settings.widget.phone') },
            ]}
            data-testid="widget-preview-width"
          />
          {embed.data && (
            <Button
              size="small"
              type="link"
              icon={<ExportOutlined />}
              href={`${embed.data.frameUrl}?lang=${language}`}
              target="_blank"
              rel="noopener"
            >
              {t('settings.widget.open')}
            </Button>
          )}
        </Flex>

        {embed.data && (
          <div
            style={{ display: 'flex', justifyContent: 'center', background: 'rgba(0,0,0,0.03)', padding: 12 }}
          >
            <iframe
              key={`${version}-${width}`}
              src={previewUrl(embed.data, language, version)}
              title={t('settings.widget.previewTitle')}
              data-testid="widget-preview"
              style={{
                width: width === 'phone' ? 360 : '100%',
                maxWidth: '100%',
                height: 680,
                border: '1px solid rgba(0,0,0,0.1)',
                borderRadius: 8,
                background: '#fff',
              }}
            />
          </div>
        )}
      </Card>
    </>
  );
}
