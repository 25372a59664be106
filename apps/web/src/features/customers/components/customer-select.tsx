import { UserAddOutlined } from '@ant-design/icons';
import { formatPhone } from '@mostrador/contract';
import { Button, Divider, Select, type SelectProps, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import { useCustomerSearch } from '../../bookings/api';
import { usePermissions } from '../../session/permissions';
import { useCustomer } from '../api';
import { type QuickCustomerValues, quickValuesFrom } from '../quick-customer-values';

// The new-customer dialog loads when first opened (with its schemas and texts), not with every screen that
// picks a customer: the orders and bookings lists filter by one.
const QuickCustomerDialog = lazyWithRestOfCatalogue(
  () => import('./quick-customer-dialog'),
  'QuickCustomerDialog',
);

/** "Name Surname", or the company, or the id: how a customer reads in a picker. */
function labelOf(
  customer: { name?: string | null; surname?: string | null; company?: string | null },
  id: number,
) {
  return [customer.name, customer.surname].filter(Boolean).join(' ') || customer.company || `#${id}`;
}

export interface CustomerSelectProps
  extends Pick<
    SelectProps<number>,
    | 'id'
    | 'allowClear'
    | 'placeholder'
    | 'notFoundContent'
    | 'style'
    | 'popupMatchSelectWidth'
    | 'aria-label'
    | 'disabled'
  > {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** How to name the chosen customer before anything is typed; without it, the customer is read. */
  currentLabel?: string;
  /**
   * "New customer" at the foot of the list: a small dialog (name, phone or email) that creates the customer
   * and selects them. On unless false (a list's filter); shown only to who may create customers.
   */
  quickCreate?: boolean;
  'data-testid'?: string;
}

/**
 * A search over the company's customers as the user types (debounced), showing the chosen one before
 * anything is typed: the order's customer, the orders list's customer filter, the booking's customer.
 * A phone typed with spaces or dashes finds its customer too (the API reads it as digits).
 */
export function CustomerSelect({
  value,
  onChange,
  currentLabel,
  quickCreate = true,
  ...props
}: CustomerSelectProps) {
  const { t } = useTranslation();
  const canCreate = usePermissions()('customers_create') && quickCreate;
  const [creating, setCreating] = useState<QuickCustomerValues>();
  // Mounted from its first opening on, so that it closes as a dialog does.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  /**
   * The list's own open state, held here so that "New customer" closes it: left open behind the dialog,
   * its combobox stays expanded over an emptied listbox that the dialog hides.
   */
  const [open, setOpen] = useState(false);
  /** The customer just created here, named before any search finds them. */
  const [created, setCreated] = useState<{ id: number; label: string }>();
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useCustomerSearch(debounced);
  const chosen = value ?? undefined;
  const current = useCustomer(currentLabel === undefined ? chosen : undefined);
  const options = (search.data ?? []).map((c) => ({
    value: c.id,
    label: labelOf({ name: c.contactName, surname: c.contactSurname, company: c.companyName }, c.id),
    detail: [c.contactEmail, formatPhone(c.contactPhone), c.companyName].filter(Boolean).join(' · '),
  }));
  if (chosen !== undefined && !options.some((o) => o.value === chosen))
    options.unshift({
      value: chosen,
      label:
        created?.id === chosen
          ? created.label
          : (currentLabel ?? (current.data ? labelOf(current.data, chosen) : t('common.loading'))),
      detail: '',
    });
  const select = (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      open={open}
      onOpenChange={setOpen}
      value={chosen}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={search.isFetching}
      options={options}
      popupRender={
        canCreate
          ? (menu) => (
              <>
                {menu}
                <Divider style={{ margin: '4px 0' }} />
                <Button
                  type="text"
                  block
                  icon={<UserAddOutlined aria-hidden />}
                  style={{ textAlign: 'start', justifyContent: 'flex-start' }}
                  // The list would close (and the click be lost) if the search box lost its focus first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    setCreating(quickValuesFrom(term));
                    setDialogLoaded(true);
                    setOpen(false);
                  }}
                  data-testid="customer-quick-create"
                >
                  {term.trim()
                    ? t('customers.quick.createNamed', { term: term.trim() })
                    : t('customers.quick.open')}
                </Button>
              </>
            )
          : undefined
      }
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          {option.data.detail && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {option.data.detail}
            </Typography.Text>
          )}
        </div>
      )}
    />
  );
  if (!canCreate) return select;
  return (
    <>
      {select}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <QuickCustomerDialog
            open={creating !== undefined}
            initial={creating}
            onClose={() => setCreating(undefined)}
            onCreated={(customer) => {
              setCreated({ id: customer.id, label: labelOf(customer, customer.id) });
              setCreating(undefined);
              setTerm('');
              onChange?.(customer.id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
