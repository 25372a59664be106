import { ErrorCode } from '@mostrador/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client';
import { applyServerErrors } from '../../../components/forms/zod-rule';

/** Puts a failed license save on its fields (invalid values, a taken code); false when it belongs to none. */
export function applyLicenseErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (error instanceof ApiError && error.code === ErrorCode.licenseCodeExists) {
    form.setFields([{ name: 'code', errors: [t(`errors.${ErrorCode.licenseCodeExists}`)] }]);
    return true;
  }
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.fieldErrors.some((e) => e.field === 'status')
  ) {
    form.setFields([{ name: 'status', errors: [t('licenses.help.platformStatus')] }]);
    return true;
  }
  return applyServerErrors(form, error, t);
}

/** A license code from a company name: "Peluquería Ana" → "peluqueria-ana". */
export function codeFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
}
