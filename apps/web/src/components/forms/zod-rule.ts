import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/client';

type Issue = z.core.$ZodIssue;
type Message = [key: string, values?: Record<string, unknown>];

/** Messages the contract's refinements use, and the catalogue key that says them in every language. */
const contractMessages: Record<string, string> = {
  'at most two decimals': 'validation.twoDecimals',
  'phone must begin with a country code': 'validation.phone',
  'the phone must begin with a country code (e.g. +34)': 'validation.phone',
  'unknown time zone': 'validation.timeZone',
  'amount too large': 'validation.amountTooLarge',
  'required to change the password': 'validation.required',
  'lowercase letters, digits and dashes': 'validation.code',
  'required for a product booked on a calendar': 'validation.required',
  'required for a subscription': 'validation.required',
  'required with a commission type': 'validation.required',
  'required with a commission quantity': 'validation.required',
  'a percentage is at most 100': 'validation.percentageMax',
  'a Spanish tax id of nine characters': 'validation.spanishTaxId',
  'letters, digits and signs other than " \' < > =': 'validation.seriesPrefix',
};

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The catalogue key (and values) for the first problem zod found. */
export function issueMessage(issue: Issue | undefined, value: unknown): Message {
  if (!issue) return ['validation.invalid'];
  switch (issue.code) {
    case 'invalid_union': {
      const inner = issue.errors.flat();
      return issueMessage(inner.find((i) => i.code !== 'invalid_value') ?? inner[0], value);
    }
    case 'invalid_type':
      if (isEmpty(value)) return ['validation.required'];
      return issue.expected === 'number' ? ['validation.number'] : ['validation.invalid'];
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? ['validation.required']
          : ['validation.minLength', { min: issue.minimum }];
      if (issue.origin === 'array') return ['validation.required'];
      return ['validation.min', { min: issue.minimum }];
    case 'too_big':
      if (issue.origin === 'string') return ['validation.maxLength', { max: issue.maximum }];
      if (issue.origin === 'array') return ['validation.tooMany', { max: issue.maximum }];
      return ['validation.max', { max: issue.maximum }];
    case 'invalid_format':
      if (issue.format === 'email') return ['validation.email'];
      if (issue.format === 'url') return ['validation.url'];
      return [contractMessages[issue.message] ?? 'validation.invalid'];
    case 'custom':
      return [contractMessages[issue.message] ?? 'validation.invalid'];
    default:
      return ['validation.invalid'];
  }
}

/**
 * An antd Form rule from a contract schema, e.g. `zodRule(taxBody.shape.name, t)`. An empty field passes when
 * the schema accepts "absent", so optional fields stay optional whatever their format.
 */
export function zodRule(schema: z.ZodType, t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) return;
      if (isEmpty(value) && schema.safeParse(undefined).success) return;
      const [validationKey, values] = issueMessage(result.error.issues[0], value);
      throw new Error(t(validationKey, values ?? {}));
    },
  };
}

/** Puts a 400 answer's field errors on the form's fields; false when the error has none. */
export function applyServerErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const fields = error.fieldErrors.map(({ field, message }) => ({
    name: field
      .replace(/^body\./, '')
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [t(contractMessages[message] ?? 'validation.invalid')],
  }));
  if (!fields.length) return false;
  form.setFields(fields);
  return true;
}
