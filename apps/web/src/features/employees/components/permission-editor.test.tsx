// @vitest-environment jsdom
import { allPermissions, type Permission, permissionPresets } from '@mostrador/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import type { EditorLock, Entry } from '../permission-rules';
import { PermissionEditor } from './permission-editor';

let latest: Entry[] = [];

function Harness(props: { initial?: Entry[]; grant: Permission[]; isPlatform?: boolean; lock?: EditorLock }) {
  const [value, setValue] = useState<Entry[]>(props.initial ?? []);
  return (
    <PermissionEditor
      value={value}
      onChange={(entries) => {
        latest = entries;
        setValue(entries);
      }}
      isPlatform={props.isPlatform ?? false}
      grantable={new Set(props.grant)}
      lock={props.lock ?? null}
    />
  );
}

const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('PermissionEditor', { timeout: 60_000 }, () => {
  it('offers only what the editor may grant, and says why the rest is disabled', () => {
    renderInApp(<Harness grant={['customers_find', 'products_find']} />);
    expect(box('May do: View customers').disabled).toBe(false);
    expect(box('May grant: View customers').disabled).toBe(false);
    expect(box('May do: View orders').disabled).toBe(true);
    expect(box('May grant: Create customers').disabled).toBe(true);
    expect(screen.getByText(/Greyed-out permissions are not among those you may grant/)).toBeTruthy();

    fireEvent.click(box('May do: View customers'));
    fireEvent.click(box('May do: View products and services'));
    expect(latest).toEqual([
      { scope: 'can_do', permission: 'customers_find' },
      { scope: 'can_do', permission: 'products_find' },
    ]);
  });

  it('hides the license administration on a company license and shows it on the platform', () => {
    const { unmount } = renderInApp(<Harness grant={['licenses_find']} />);
    expect(screen.queryByTestId('permission-area-licenses')).toBeNull();
    expect(screen.queryByLabelText('May do: View licenses')).toBeNull();
    unmount();
    renderInApp(<Harness grant={['licenses_find']} isPlatform />);
    expect(screen.getByTestId('permission-area-licenses')).toBeTruthy();
    expect(box('May do: View licenses').disabled).toBe(false);
  });

  it('toggles a whole area, leaving alone what the editor may not grant', () => {
    renderInApp(
      <Harness
        grant={['customers_find', 'customers_edit']}
        initial={[{ scope: 'can_do', permission: 'customers_delete' }]}
      />,
    );
    const all = box('May do: all of Customers');
    expect(all.disabled).toBe(false);
    fireEvent.click(all);
    expect(latest.map((e) => `${e.scope}:${e.permission}`)).toEqual([
      'can_do:customers_find',
      'can_do:customers_edit',
      'can_do:customers_delete',
    ]);
    expect(box('May do: Delete customers').checked).toBe(true);
    expect(box('May do: Delete customers').disabled).toBe(true);
    // An area where nothing can be granted has its toggle disabled.
    expect(box('May do: all of Orders').disabled).toBe(true);
  });

  it('is read-only, with a note, when editing oneself or without the right to grant', () => {
    const initial: Entry[] = [{ scope: 'can_do', permission: 'customers_find' }];
    const { unmount } = renderInApp(<Harness grant={['customers_find']} initial={initial} lock="self" />);
    expect(screen.getByText(/These are your own permissions/)).toBeTruthy();
    expect(box('May do: View customers').checked).toBe(true);
    expect(box('May do: View customers').disabled).toBe(true);
    expect(box('May do: all of Customers').disabled).toBe(true);
    unmount();
    renderInApp(<Harness grant={['customers_find']} lock="noGrantRight" />);
    const editor = screen.getByTestId('permission-editor');
    expect(within(editor).getByText(/that requires “Grant permissions to other employees”/)).toBeTruthy();
    const inputs = [...editor.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every((input) => input.disabled)).toBe(true);
  });
});

describe('PermissionEditor role presets and sections', { timeout: 60_000 }, () => {
  const everything = [...allPermissions];

  it('fills the grid from a role preset, which stays editable and then reads as custom', () => {
    renderInApp(<Harness grant={everything} />);
    const presets = within(screen.getByTestId('permission-presets'));
    expect(presets.getByText('Start from a role')).toBeTruthy();
    fireEvent.click(presets.getByText('Cashier'));
    expect(
      latest
        .filter((e) => e.scope === 'can_do')
        .map((e) => e.permission)
        .sort(),
    ).toEqual([...permissionPresets.cashier].sort());
    expect(box('May do: Open the cash register').checked).toBe(true);
    expect(box('May do: View customers').checked).toBe(true);
    expect(box('May do: Sell online').checked).toBe(false);
    expect((presets.getByDisplayValue('cashier') as HTMLInputElement).checked).toBe(true);

    // Still editable: one more permission, and it no longer matches a role.
    fireEvent.click(box('May do: Sell online'));
    expect(latest.some((e) => e.scope === 'can_do' && e.permission === 'sales_online')).toBe(true);
    expect(screen.getByTestId('permission-preset-custom')).toBeTruthy();

    fireEvent.click(presets.getByText('Administrator'));
    expect(box('May do: Grant permissions to other employees').checked).toBe(true);
    expect(box('May grant: View customers').checked).toBe(true);
  });

  it('fills only what the editor may grant, and says what it left out', () => {
    renderInApp(<Harness grant={['customers_find', 'bookings_find', 'bookings_create']} />);
    fireEvent.click(within(screen.getByTestId('permission-presets')).getByText('Receptionist'));
    expect(latest.map((e) => `${e.scope}:${e.permission}`)).toEqual([
      'can_do:bookings_find',
      'can_do:bookings_create',
      'can_do:customers_find',
    ]);
    expect(screen.getByTestId('permission-preset-shortfall').textContent).toContain('Sell online');
  });

  it('groups the areas under section headings, the platform’s first on the platform', () => {
    const { unmount } = renderInApp(<Harness grant={everything} />);
    const headings = screen.getAllByRole('heading', { level: 5 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Front desk: bookings and customers',
      'Sales and cash register',
      'Team, mails and settings',
    ]);
    const frontDesk = screen.getByRole('region', { name: 'Front desk: bookings and customers' });
    expect(within(frontDesk).getByTestId('permission-area-bookings')).toBeTruthy();
    expect(within(frontDesk).queryByTestId('permission-area-orders')).toBeNull();
    unmount();
    renderInApp(<Harness grant={everything} isPlatform />);
    expect(screen.getAllByRole('heading', { level: 5 })[0]?.textContent).toBe('Platform');
    expect(
      within(screen.getByRole('region', { name: 'Platform' })).getByTestId('permission-area-licenses'),
    ).toBeTruthy();
  });

  it('offers no preset when read-only', () => {
    renderInApp(<Harness grant={everything} lock="self" />);
    expect(screen.queryByTestId('permission-presets')).toBeNull();
  });
});
