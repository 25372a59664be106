import { bookingCalendarBody } from '@mostrador/contract';
import { Col, Form, Input, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountInput, FormSection } from '../../../components/forms/form-section';
import { zodRule } from '../../../components/forms/zod-rule';
import { useCompanySettings } from '../../session/api';
import { CalendarColourField } from './calendar-colour-field';
import { ScheduleEditor } from './schedule-editor';

const shape = bookingCalendarBody.shape;

/** The calendar's fields in the order a person fills them: name, opening hours, slots, booking rules. */
export function CalendarFormSections({
  isNew,
  onChange,
  calendarId,
}: {
  isNew: boolean;
  onChange: () => void;
  calendarId?: number;
}) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const canChangeDate = Form.useWatch('canCustomersChangeTheBookingDate');
  const minutes = t('calendars.units.min');
  return (
    <>
      <FormSection title={t('calendars.sections.general')} testId="calendar-section-general">
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
          <Col xs={24} md={8}>
            <Form.Item
              name="color"
              label={t('calendars.fields.color')}
              rules={[zodRule(shape.color, t)]}
              extra={t('calendars.help.color')}
            >
              <CalendarColourField calendarId={calendarId} />
            </Form.Item>
          </Col>
        </Row>
      </FormSection>
      <FormSection title={t('calendars.sections.schedule')} testId="calendar-section-schedule">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('calendars.help.schedule', { timeZone })}
        </Typography.Paragraph>
        <ScheduleEditor onChange={onChange} />
      </FormSection>
      <FormSection title={t('calendars.sections.slots')} testId="calendar-section-slots">
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="duration"
              label={t('calendars.fields.duration')}
              required
              rules={[zodRule(shape.duration, t)]}
              extra={t('calendars.help.duration')}
            >
              <CountInput suffix={minutes} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="publicDuration"
              label={t('calendars.fields.publicDuration')}
              rules={[zodRule(shape.publicDuration, t)]}
              extra={t('calendars.help.publicDuration')}
            >
              <CountInput suffix={minutes} min={1} />
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
              <CountInput suffix={t('calendars.units.places')} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="minimumProductDuration"
              label={t('calendars.fields.minimumProductDuration')}
              rules={[zodRule(shape.minimumProductDuration, t)]}
              extra={t('calendars.help.minimumProductDuration')}
            >
              <CountInput suffix={minutes} min={1} />
            </Form.Item>
          </Col>
        </Row>
      </FormSection>
      <FormSection title={t('calendars.sections.rules')} testId="calendar-section-rules">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="minimumMinutesInAdvanceForBooking"
              label={t('calendars.fields.minimumMinutesInAdvanceForBooking')}
              rules={[zodRule(shape.minimumMinutesInAdvanceForBooking, t)]}
              extra={t('calendars.help.minimumMinutesInAdvanceForBooking')}
            >
              <CountInput suffix={minutes} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="maximumDaysOfBookingForecast"
              label={t('calendars.fields.maximumDaysOfBookingForecast')}
              rules={[zodRule(shape.maximumDaysOfBookingForecast, t)]}
              extra={t('calendars.help.maximumDaysOfBookingForecast')}
            >
              <CountInput suffix={t('calendars.units.days')} min={1} />
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
                <CountInput suffix={t('calendars.units.times')} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </FormSection>
    </>
  );
}
