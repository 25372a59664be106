import type { FormInstance } from 'antd';

/** Brings the first field with an error into view and focuses it (after server errors are set on fields). */
export function scrollToFirstError(form: FormInstance): void {
  const first = form.getFieldsError().find((field) => field.errors.length > 0);
  if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
}
