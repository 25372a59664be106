import type { CustomField } from '@mostrador/contract';
import { useMemo } from 'react';
import { useCustomFields } from '../session/api';

/** The company's custom fields for customers, in their position order (loaded with the session). */
export function useCustomerFields(): CustomField[] {
  const all = useCustomFields();
  return useMemo(() => all.filter((field) => field.entity === 'customer'), [all]);
}
