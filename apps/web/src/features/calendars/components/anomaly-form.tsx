import { type Anomaly, anomalyBody, anomalySchema, ErrorCode } from '@mostrador/contract';
import { Alert, App, Card, Col, DatePicker, Flex, Form, Input, Radio, Row, Switch, Typography } from 'antd';
import type { RuleRender } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { type AnomalyFormValues, anomalyFieldOf, newAnomalyValues, toAnomalyBody } from '../anomaly-values';
import { useCreateAnomaly } from '../api';
import { calendarIssueMessage, contractMessage } from '../calendar-values';
import { AnomalyTypeBadge } from './anomaly-type';

/** The anomaly of the opposite type a 409 names, if the answer carries it. */
function conflictOf(error: unknown): Anomaly | null {
  if (!isApiError(error) || error.code !== ErrorCode.anomalyConflict) return null;
  const parsed = anomalySchema.safeParse(
    (error.details as { conflictingAnomaly?: unknown })?.conflictingAnomaly,
  );
  return parsed.success ? parsed.data : null;
}

interface AnomalyFormProps {
  calendarId: number;
  onDone: () => void;
}

/** A new exception: opens or closes the calendar over a period, whole days or to the minute. */
export function AnomalyForm({ calendarId, onDone }: AnomalyFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const [form] = Form.useForm<AnomalyFormValues>();
  const create = useCreateAnomaly();
  const { markDirty, markClean } = useUnsavedChanges();
  const allDay = Form.useWatch('allDay', form) ?? false;
  /** Refused for overlapping an exception of the other type: `true` when the answer does not say which. */
  const [conflict, setConflict] = useState<Anomaly | true | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  /** The end, checked with the contract against the start (the same whole-day reading as the body's). */
  const endRule: RuleRender = ({ getFieldsValue }) => ({
    validator: async (_rule, value: Dayjs | null) => {
      if (!value) throw new Error(t('validation.required'));
      const values = getFieldsValue(true) as AnomalyFormValues;
      if (!values.start) return;
      const result = anomalyBody.safeParse(toAnomalyBody(values));
      const issue = result.error?.issues.find((i) => i.path[0] === 'endDate');
      if (!issue) return;
      const [key, params] = calendarIssueMessage(issue, value);
      throw new Error(t(key, params ?? {}));
    },
  });
  const required = { required: true, message: t('validation.required') };

  const onValuesChange = (changed: Partial<AnomalyFormValues>, values: AnomalyFormValues) => {
    markDirty();
    setConflict(null);
    // Picking the start first proposes the end: the same day for whole days, an hour later otherwise.
    if (changed.start && !values.end)
      form.setFieldValue('end', values.allDay ? changed.start : changed.start.add(1, 'hour'));
    if ('allDay' in changed && form.isFieldTouched('end'))
      void form.validateFields(['end']).catch(() => undefined);
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as AnomalyFormValues;
    const body = toAnomalyBody(values);
    const parsed = anomalyBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.flatMap((issue) => {
          const name = anomalyFieldOf(issue.path);
          if (!name) return [];
          const [key, params] = calendarIssueMessage(issue, body[issue.path[0] as keyof typeof body]);
          return [{ name, errors: [t(key, params ?? {})] }];
        }),
      );
      message.error(t(`errors.${ErrorCode.validation}`));
      return;
    }
    try {
      await create.mutateAsync({ calendarId, body });
      markClean();
      message.success(t('anomalies.created'));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.anomalyConflict) {
        setConflict(conflictOf(error) ?? true);
        requestAnimationFrame(() =>
          conflictRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
        );
        return;
      }
      const fields = isApiError(error, 400)
        ? error.fieldErrors.flatMap(({ field, message: text }) => {
            const name = anomalyFieldOf(field.replace(/^body\./, '').split('.'));
            const [key, params] = contractMessage(text) ?? ['validation.invalid'];
            return name ? [{ name, errors: [t(key, params ?? {})] }] : [];
          })
        : [];
      if (fields.length) form.setFields(fields);
      message.error(errorMessage(error));
    }
  };

  const pickerFormat = allDay ? 'L' : 'L HH:mm';
  const showTime = allDay ? false : { format: 'HH:mm', minuteStep: 5 as const };

  return (
    <Form<AnomalyFormValues>
      name="anomaly"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={newAnomalyValues()}
      onValuesChange={onValuesChange}
      onFinish={submit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      noValidate
      data-testid="anomaly-form"
    >
      {conflict && (
        <div ref={conflictRef}>
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={t(`errors.${ErrorCode.anomalyConflict}`)}
            description={
              <>
                {conflict !== true && (
                  <Flex wrap gap={8} align="center" style={{ marginBottom: 4 }}>
                    <AnomalyTypeBadge type={conflict.type} />
                    <span>
                      {t('anomalies.conflictPeriod', {
                        from: formatDateTime(conflict.startDate, timeZone),
                        to: formatDateTime(conflict.endDate, timeZone),
                      })}
                    </span>
                    {conflict.reason && <Typography.Text type="secondary">{conflict.reason}</Typography.Text>}
                  </Flex>
                )}
                {t('anomalies.conflictHelp')}
              </>
            }
            data-testid="anomaly-conflict"
          />
        </div>
      )}
      <Card title={t('anomalies.sections.what')} style={{ marginBottom: 16 }}>
        <Form.Item name="type" label={t('anomalies.fields.type')} required>
          <Radio.Group
            aria-label={t('anomalies.fields.type')}
            style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
            data-testid="anomaly-type"
          >
            {(['close', 'open'] as const).map((type) => (
              <Radio key={type} value={type}>
                <div>{t(`anomalies.typeChoices.${type}`)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`anomalies.typeHelp.${type}`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('anomalies.fields.reason')}
          rules={[{ max: 500, message: t('validation.maxLength', { max: 500 }) }]}
        >
          <Input maxLength={500} placeholder={t('anomalies.reasonPlaceholder')} autoComplete="off" />
        </Form.Item>
      </Card>
      <Card title={t('anomalies.sections.when')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          {t(allDay ? 'anomalies.help.allDayPeriod' : 'anomalies.help.period', { timeZone })}
        </Typography.Paragraph>
        <Form.Item name="allDay" valuePropName="checked" label={t('anomalies.fields.allDay')}>
          <Switch data-testid="anomaly-all-day" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="start"
              label={t(allDay ? 'anomalies.fields.firstDay' : 'anomalies.fields.startsAt')}
              required
              rules={[required]}
            >
              <DatePicker
                format={pickerFormat}
                showTime={showTime}
                needConfirm={false}
                placeholder=""
                style={{ width: '100%' }}
                data-testid="anomaly-start"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="end"
              label={t(allDay ? 'anomalies.fields.lastDay' : 'anomalies.fields.endsAt')}
              required
              dependencies={['start', 'allDay']}
              rules={[endRule]}
            >
              <DatePicker
                format={pickerFormat}
                showTime={showTime}
                needConfirm={false}
                placeholder=""
                style={{ width: '100%' }}
                data-testid="anomaly-end"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <FormFooter
        onCancel={onDone}
        saving={create.isPending}
        saveTestId="anomaly-save"
        cancelTestId="anomaly-cancel"
      />
    </Form>
  );
}
