import { CopyOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { maxRangesPerDay, type Weekday, weekdays, weeklyScheduleSchema } from '@mostrador/contract';
import { Button, Col, ConfigProvider, Flex, Form, Row, Select, Typography, theme } from 'antd';
import type { RuleRender } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppContext } from '../../../app/app-context';
import {
  type CalendarFormValues,
  calendarIssueMessage,
  closeTimes,
  copyDay,
  nextRange,
  openTimes,
  type RangeValues,
  weekdayNames,
} from '../calendar-values';

type Edge = 'openAt' | 'closedAt';

const openOptions = openTimes.map((time) => ({ value: time, label: time }));
const closeOptions = closeTimes.map((time) => ({ value: time, label: time }));
const workdaysAfterMonday: Weekday[] = ['tuesday', 'wednesday', 'thursday', 'friday'];

/** What a person types to find a time: "9", "9:3" and "0930" all find 09:30. */
function matchesTime(input: string, value: string): boolean {
  let text = input.replace(/[^\d:]/g, '');
  if (!text.includes(':') && text.length > 2) text = `${text.slice(0, text.length - 2)}:${text.slice(-2)}`;
  if (/^\d(:|$)/.test(text)) text = `0${text}`;
  return value.startsWith(text);
}

/**
 * One time of a range, checked with the contract's rule for the whole day: its format, closing after
 * opening and not overlapping an earlier range land on the very time that is wrong.
 */
function rangeRule(day: Weekday, index: number, edge: Edge, t: TFunction): RuleRender {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const ranges = ((getFieldValue(['schedule', day]) ?? []) as RangeValues[]).map((r) => ({
        openAt: r?.openAt ?? '',
        closedAt: r?.closedAt ?? '',
      }));
      const result = weeklyScheduleSchema.shape[day].safeParse(ranges);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === index && i.path[1] === edge);
      if (!issue) return;
      const [key, values] = calendarIssueMessage(issue, value);
      throw new Error(t(key, values ?? {}));
    },
  });
}

interface RangeProps {
  day: Weekday;
  dayName: string;
  index: number;
  onRemove: () => void;
}

/** Opens at – closes at, and a button to remove the range; the two times' errors show under the pair. */
function RangeInputs({ day, dayName, index, onRemove }: RangeProps) {
  const { t } = useTranslation();
  const labels = { day: dayName, range: index + 1 };
  const select = (edge: Edge) => (
    <Form.Item name={[index, edge]} noStyle rules={[rangeRule(day, index, edge, t)]}>
      <Select<string>
        showSearch={{ filterOption: (input, option) => matchesTime(input, String(option?.value ?? '')) }}
        options={edge === 'openAt' ? openOptions : closeOptions}
        placeholder="--:--"
        aria-label={t(
          edge === 'openAt' ? 'calendars.schedule.opensAt' : 'calendars.schedule.closesAt',
          labels,
        )}
        popupMatchSelectWidth={false}
        style={{ width: 92 }}
        data-testid={`schedule-${day}-${index}-${edge}`}
      />
    </Form.Item>
  );
  return (
    <Form.Item style={{ marginBottom: 0 }} data-testid={`schedule-${day}-${index}`}>
      <Flex align="center" gap={4}>
        {select('openAt')}
        <span aria-hidden>–</span>
        {select('closedAt')}
        <Button
          type="text"
          icon={<MinusCircleOutlined aria-hidden />}
          aria-label={t('calendars.schedule.removeRange', labels)}
          onClick={onRemove}
          data-testid={`schedule-${day}-${index}-remove`}
        />
      </Flex>
    </Form.Item>
  );
}

interface DayRowProps {
  day: Weekday;
  dayName: string;
  /** Copies this day's ranges onto Tuesday to Friday (Monday's row only). */
  onCopyToWeekdays?: () => void;
}

function DayRow({ day, dayName, onCopyToWeekdays }: DayRowProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = Form.useFormInstance<CalendarFormValues>();
  return (
    <Form.List name={['schedule', day]}>
      {(fields, { add, remove }) => {
        const next = () => nextRange(form.getFieldValue(['schedule', day]) ?? []);
        return (
          <Row
            gutter={[16, 8]}
            align="top"
            role="group"
            aria-labelledby={`schedule-${day}-name`}
            style={{ paddingBlock: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
            data-testid={`schedule-${day}`}
          >
            <Col xs={24} sm={6} lg={4} style={{ paddingTop: 5 }}>
              <Typography.Text strong id={`schedule-${day}-name`}>
                {dayName}
              </Typography.Text>
            </Col>
            <Col xs={24} sm={18} lg={20}>
              <Flex wrap gap={8} align="flex-start">
                {fields.length === 0 && (
                  <Typography.Text type="secondary" style={{ paddingBlock: 5, minWidth: 72 }}>
                    {t('calendars.schedule.closed')}
                  </Typography.Text>
                )}
                {fields.map((field, index) => (
                  <RangeInputs
                    // A new range when its position changes: the errors antd gathers under the pair are
                    // kept by position, and a removed range must not leave its error on the next one.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the position is part of the identity here
                    key={`${field.key}:${index}`}
                    day={day}
                    dayName={dayName}
                    index={index}
                    onRemove={() => remove(field.name)}
                  />
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined aria-hidden />}
                  disabled={fields.length >= maxRangesPerDay}
                  onClick={() => add(next() ?? { openAt: null, closedAt: null })}
                  aria-label={t('calendars.schedule.addRangeTo', { day: dayName })}
                  data-testid={`schedule-${day}-add`}
                >
                  {t('calendars.schedule.addRange')}
                </Button>
                {onCopyToWeekdays && (
                  <Button
                    type="link"
                    icon={<CopyOutlined aria-hidden />}
                    onClick={onCopyToWeekdays}
                    data-testid="schedule-copy-monday"
                  >
                    {t('calendars.schedule.copyToWeekdays')}
                  </Button>
                )}
              </Flex>
            </Col>
          </Row>
        );
      }}
    </Form.List>
  );
}

interface ScheduleEditorProps {
  /** Called after a change made without typing (the copy), for the unsaved-changes guard. */
  onChange: () => void;
}

/**
 * The weekly schedule: Monday to Sunday, each with its opening ranges or "closed". The times' lists open
 * below their selects while the page goes on below them (popupOverflow "scroll"), not above one near the
 * window's bottom edge: a list above is anchored by its bottom, and it jumped down as typing narrowed it,
 * so the time about to be clicked moved away (a click then landed on the form behind).
 */
export function ScheduleEditor({ onChange }: ScheduleEditorProps) {
  const { language } = useAppContext();
  const names = useMemo(() => weekdayNames(language), [language]);
  const form = Form.useFormInstance<CalendarFormValues>();

  const copyMonday = () => {
    const schedule = form.getFieldValue('schedule') as CalendarFormValues['schedule'];
    form.setFieldValue('schedule', copyDay(schedule, 'monday', workdaysAfterMonday));
    onChange();
    // The copied days are checked like the ones typed: stale errors go, Monday's own would show again.
    void form
      .validateFields(
        workdaysAfterMonday.map((day) => ['schedule', day]),
        { recursive: true },
      )
      .catch(() => undefined);
  };

  return (
    <ConfigProvider popupOverflow="scroll">
      <div data-testid="schedule-editor">
        {weekdays.map((day) => (
          <DayRow
            key={day}
            day={day}
            dayName={names[day]}
            onCopyToWeekdays={day === 'monday' ? copyMonday : undefined}
          />
        ))}
      </div>
    </ConfigProvider>
  );
}
