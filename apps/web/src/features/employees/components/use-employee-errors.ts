import { ErrorCode } from '@mostrador/contract';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { parseRefusedEntry } from '../permission-rules';
import type { EmployeeValues } from './employee-form';

/**
 * Puts a failed save where the user looks: invalid fields and a taken username on their fields, refused
 * permission entries under the permission editor (naming them), the other refusals as a clear message.
 */
export function useEmployeeErrors(form: FormInstance<EmployeeValues>, mode: 'create' | 'edit') {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();

  return (error: unknown) => {
    if (applyServerErrors(form, error, t)) return;
    if (!(error instanceof ApiError)) {
      message.error(errorMessage(error));
      return;
    }
    switch (error.code) {
      case ErrorCode.usernameExists:
        form.setFields([{ name: 'username', errors: [t(`errors.${ErrorCode.usernameExists}`)] }]);
        return;
      case ErrorCode.cannotGrantPermission: {
        const refused = error.fieldErrors.flatMap(({ message: detail }) => parseRefusedEntry(detail) ?? []);
        const names = refused.map((e) =>
          t('employees.permissionEditor.entryLabel', {
            scope: t(
              e.scope === 'can_do'
                ? 'employees.permissionEditor.canDo'
                : 'employees.permissionEditor.canGrant',
            ),
            permission: t(`permissions.${e.permission}`),
          }),
        );
        const text = names.length
          ? t('employees.errors.refusedEntries', { list: names.join('; ') })
          : t(`errors.${ErrorCode.cannotGrantPermission}`);
        form.setFields([{ name: 'permissions', errors: [text] }]);
        message.error(text);
        return;
      }
      case ErrorCode.forbidden:
        // On an edit, the one rule left after the route guard: his access details need all his rights.
        message.error(mode === 'edit' ? t('employees.errors.manageAccess') : errorMessage(error));
        return;
      case ErrorCode.cannotDeleteEmployee:
        message.error(t('employees.errors.cannotDisable'));
        return;
      default:
        message.error(errorMessage(error));
    }
  };
}
