import { type BookingCalendar, bookingCalendarBody, ErrorCode } from '@mostrador/contract';
import { App, Form, type FormInstance } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { useCreateCalendar, useUpdateCalendar } from '../api';
import {
  type CalendarFormValues,
  calendarIssueMessage,
  contractMessage,
  formName,
  type RangeValues,
  toBody,
  toFormValues,
} from '../calendar-values';
import { CalendarFormSections } from './calendar-form-sections';

/** The value at a contract path of the body, to tell an empty field from a wrong one. */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const part of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[part];
  return value;
}

/** The names of a day's times that already show something (an error, or the user was there). */
function shownTimes(form: FormInstance, day: string): (string | number)[][] {
  const ranges = (form.getFieldValue(['schedule', day]) ?? []) as RangeValues[];
  return ranges
    .flatMap((_, index) => [
      ['schedule', day, index, 'openAt'],
      ['schedule', day, index, 'closedAt'],
    ])
    .filter((name) => form.isFieldTouched(name) || form.getFieldError(name).length > 0);
}

interface CalendarFormProps {
  calendar?: BookingCalendar;
  onDone: () => void;
  footerStart?: (leave: () => void) => ReactNode;
}

/** The calendar's create and edit form: contract validation on each time of the schedule, server errors on fields. */
export function CalendarForm({ calendar, onDone, footerStart }: CalendarFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<CalendarFormValues>();
  const create = useCreateCalendar();
  const update = useUpdateCalendar();
  const { markDirty, markClean } = useUnsavedChanges();
  const initialValues = useMemo(() => toFormValues(calendar), [calendar]);

  const onValuesChange = (changed: Partial<CalendarFormValues>) => {
    markDirty();
    // A change to one range can make another's error right or wrong (an overlap): check the day again,
    // once the list has rendered (a removed range renames the ones after it).
    for (const day of Object.keys(changed.schedule ?? {})) {
      setTimeout(() => {
        const names = shownTimes(form, day);
        if (names.length) void form.validateFields(names).catch(() => undefined);
      });
    }
  };

  const submit = async () => {
    const body = toBody(form.getFieldsValue(true) as CalendarFormValues);
    const parsed = bookingCalendarBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => {
          const [key, params] = calendarIssueMessage(issue, valueAt(body, issue.path));
          return { name: formName(issue.path) as never, errors: [t(key, params ?? {})] };
        }),
      );
      message.error(t(`errors.${ErrorCode.validation}`));
      scrollToFirstError(form);
      return;
    }
    try {
      const saved = calendar
        ? await update.mutateAsync({ id: calendar.id, body })
        : await create.mutateAsync(body);
      markClean();
      message.success(t(calendar ? 'calendars.updated' : 'calendars.created', { name: saved.name }));
      onDone();
    } catch (error) {
      const fields = isApiError(error, 400)
        ? error.fieldErrors
            .filter(({ field }) => field !== 'body' && field !== 'request')
            .map(({ field, message: text }) => {
              const [key, params] = contractMessage(text) ?? ['validation.invalid'];
              return { name: formName(field) as never, errors: [t(key, params ?? {})] };
            })
        : [];
      if (!fields.length) {
        message.error(errorMessage(error));
        return;
      }
      form.setFields(fields);
      message.error(t(`errors.${ErrorCode.validation}`));
      scrollToFirstError(form);
    }
  };

  return (
    <Form<CalendarFormValues>
      name="calendar"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={submit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      noValidate
      data-testid="calendar-form"
    >
      <CalendarFormSections isNew={!calendar} onChange={markDirty} calendarId={calendar?.id} />
      <FormFooter
        onCancel={onDone}
        saving={create.isPending || update.isPending}
        saveTestId="calendar-save"
        cancelTestId="calendar-cancel"
        start={footerStart?.(() => {
          markClean();
          onDone();
        })}
      />
    </Form>
  );
}
