import { bookingCalendarBody } from '@mostrador/contract';
import { Card, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/forms/zod-rule';
import { useCompanySettings } from '../../session/api';
import { ScheduleEditor } from './schedule-editor';

const shape = bookingCalendarBody.shape;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card title={title} style={{ marginBottom: 16 }} data-testid={testId}>
      {children}
    </Card>
  );
}

/** A whole number of minutes, days, places or times, with its unit after it. */
function Count({ suffix, min = 0, ...props }: { suffix?: string; min?: number; id?: string }) {
  return <InputNumber {...props} min={min} precision={0} suffix={suffix} style={{ width: '100%' }} />;
}

/** The calendar's fields in the order a person fills them: name, opening hours, slots, booking rules. */
export function CalendarFormSections({ isNew, onChange }: { isNew: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const canChangeDate = Form.useWatch('canCustomersChangeTheBookingDate');
  const minutes = t('calendars.units.min');
  return (
    <>
      <Section title={t('calendars.sections.general')} testId="calendar-section-general">
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="name"
              label={t('calendars.fields.name')}
              required
              rules={[zodRule(shape.name, t)]}
              extra={t('calendars.help.name')}
            >
              <Input autoFocus={isNew} maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </Section>
      <Section title={t('calendars.sections.schedule')} testId="calendar-section-schedule">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('calendars.help.schedule', { timeZone })}
        </Typography.Paragraph>
        <ScheduleEditor onChange={onChange} />
      </Section>
      <Section title={t('calendars.sections.slots')} testId="calendar-section-slots">
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="duration"
              label={t('calendars.fields.duration')}
              required
              rules={[zodRule(shape.duration, t)]}
              extra={t('calendars.help.duration')}
            >
              <Count suffix={minutes} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="publicDuration"
              label={t('calendars.fields.publicDuration')}
              rules={[zodRule(shape.publicDuration, t)]}
              extra={t('calendars.help.publicDuration')}
            >
              <Count suffix={minutes} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="maximumConcurrentBookings"
              label={t('calendars.fields.maximumConcurrentBookings')}
              required
              rules={[zodRule(shape.maximumConcurrentBookings.unwrap(), t)]}
              extra={t('calendars.help.maximumConcurrentBookings')}
            >
              <Count suffix={t('calendars.units.places')} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="minimumProductDuration"
              label={t('calendars.fields.minimumProductDuration')}
              rules={[zodRule(shape.minimumProductDuration, t)]}
              extra={t('calendars.help.minimumProductDuration')}
            >
              <Count suffix={minutes} min={1} />
            </Form.Item>
          </Col>
        </Row>
      </Section>
      <Section title={t('calendars.sections.rules')} testId="calendar-section-rules">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="minimumMinutesInAdvanceForBooking"
              label={t('calendars.fields.minimumMinutesInAdvanceForBooking')}
              rules={[zodRule(shape.minimumMinutesInAdvanceForBooking, t)]}
              extra={t('calendars.help.minimumMinutesInAdvanceForBooking')}
            >
              <Count suffix={minutes} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="maximumDaysOfBookingForecast"
              label={t('calendars.fields.maximumDaysOfBookingForecast')}
              rules={[zodRule(shape.maximumDaysOfBookingForecast, t)]}
              extra={t('calendars.help.maximumDaysOfBookingForecast')}
            >
              <Count suffix={t('calendars.units.days')} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="canCustomersChangeTheBookingDate"
              label={t('calendars.fields.canCustomersChangeTheBookingDate')}
              valuePropName="checked"
              extra={t('calendars.help.canCustomersChangeTheBookingDate')}
            >
              <Switch data-testid="calendar-can-change-date" />
            </Form.Item>
          </Col>
          {canChangeDate && (
            <Col xs={24} md={12}>
              <Form.Item
                name="howManyTimesCanCustomerRescheduleBooking"
                label={t('calendars.fields.howManyTimesCanCustomerRescheduleBooking')}
                rules={[zodRule(shape.howManyTimesCanCustomerRescheduleBooking, t)]}
                extra={t('calendars.help.howManyTimesCanCustomerRescheduleBooking')}
              >
                <Count suffix={t('calendars.units.times')} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Section>
    </>
  );
}
