// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { TaxesPage } from './taxes-page';

const taxes = [
  { id: 1, name: 'IVA 21%', percentage: 21, createdAt: '2026-01-15T10:00:00+01:00' },
  { id: 2, name: 'IVA 5,5%', percentage: 5.5, createdAt: '2026-02-01T10:00:00+01:00' },
];

function serve(
  extra: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () =>
    undefined,
) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    return { body: { data: { items: taxes, total: taxes.length, page: 1, limit: 50 } } };
  });
}

describe('TaxesPage', () => {
  it('lists taxes with their percentage, and hides changes without settings_edit (products_edit is not enough)', async () => {
    serve();
    renderInApp(<TaxesPage />, { path: '/settings/taxes', user: testUser({ can: ['products_edit'] }) });
    expect(await screen.findByText('2 taxes')).toBeTruthy();
    expect(screen.getByText('5,5 %')).toBeTruthy();
    expect(screen.queryByTestId('create-tax')).toBeNull();
    expect(screen.queryByLabelText('Edit IVA 21%')).toBeNull();
  });

  it('validates the form with the contract and creates a tax', async () => {
    const calls = serve((_url, init) =>
      init.method === 'POST' ? { body: { data: { id: 3, ...JSON.parse(String(init.body)) } } } : undefined,
    );
    renderInApp(<TaxesPage />, { path: '/settings/taxes', user: testUser({ can: ['settings_edit'] }) });
    fireEvent.click(await screen.findByTestId('create-tax'));
    const dialog = await screen.findByTestId('tax-form');
    fireEvent.change(within(dialog).getByLabelText('Percentage'), { target: { value: '101' } });
    fireEvent.click(screen.getByTestId('tax-form-save'));
    expect((await within(dialog).findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect((await within(dialog).findAllByText('Enter a value of at most 100')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' IVA 10% ' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('tax-form-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toBe('/v1/admin/taxes');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'IVA 10%', percentage: 10 });
  });

  it('puts the server field errors on the fields', async () => {
    serve((_url, init) =>
      init.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: { code: 1000100, message: 'Invalid', details: [{ field: 'name', message: 'x' }] },
            },
          }
        : undefined,
    );
    renderInApp(<TaxesPage />, { path: '/settings/taxes', user: testUser({ can: ['settings_edit'] }) });
    fireEvent.click(await screen.findByLabelText('Edit IVA 21%'));
    const dialog = await screen.findByTestId('tax-form');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('IVA 21%');
    fireEvent.click(screen.getByTestId('tax-form-save'));
    expect((await within(dialog).findAllByText('This value is not valid')).length).toBeGreaterThan(0);
  });

  it('asks before deleting, naming the tax, then deletes it', async () => {
    const calls = serve((_url, init) =>
      init.method === 'DELETE' ? { body: { data: { ok: true } } } : undefined,
    );
    renderInApp(<TaxesPage />, { path: '/settings/taxes', user: testUser({ can: ['settings_edit'] }) });
    fireEvent.click(await screen.findByLabelText('Delete IVA 21%'));
    expect(await screen.findByText('Delete the tax “IVA 21%”?')).toBeTruthy();
    const confirm = document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous');
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() =>
      expect(calls.some((c) => c.init.method === 'DELETE' && c.url === '/v1/admin/taxes/1')).toBe(true),
    );
  });
});
