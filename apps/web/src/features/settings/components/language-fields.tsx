import { companySettingsSchema, languages } from '@mostrador/contract';
import { Col, Form, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/forms/zod-rule';

function timeZones(current: string | undefined): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/** Main language, other languages and time zone of the company settings form. */
export function LanguageFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const locale = Form.useWatch('locale', form) as string | undefined;
  const currentZone = Form.useWatch('timeZone', form) as string | undefined;
  const languageOptions = languages.map((code) => ({ value: code, label: t(`languageNames.${code}`) }));
  const zoneOptions = useMemo(
    () => timeZones(currentZone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [currentZone],
  );
  const shape = companySettingsSchema.shape;

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          name="locale"
          label={t('settings.fields.locale')}
          required
          rules={[zodRule(shape.locale, t)]}
        >
          <Select options={languageOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="otherLanguages"
          label={t('settings.fields.otherLanguages')}
          rules={[zodRule(shape.otherLanguages, t)]}
        >
          <Select
            mode="multiple"
            allowClear
            options={languageOptions.filter((option) => option.value !== locale)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="timeZone"
          label={t('settings.fields.timeZone')}
          required
          rules={[zodRule(shape.timeZone, t)]}
        >
          <Select showSearch options={zoneOptions} optionFilterProp="label" />
        </Form.Item>
      </Col>
    </Row>
  );
}
