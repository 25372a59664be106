// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { quickValuesFrom } from '../quick-customer-values';
import { CustomerSelect } from './customer-select';

const slow = { timeout: 8000 };

/** The picker inside a form, as the booking drawer and the order form hold it; the value shown below. */
function Picker({ quickCreate }: { quickCreate?: boolean }) {
  const [form] = Form.useForm();
  const value = Form.useWatch('customerId', form);
  return (
    <App>
      <Form form={form} onFinish={() => undefined}>
        <Form.Item name="customerId" label="Customer">
          <CustomerSelect quickCreate={quickCreate} data-testid="picker" />
        </Form.Item>
        <output data-testid="chosen">{String(value ?? '')}</output>
      </Form>
    </App>
  );
}

const created = {
  id: 41,
  name: 'Lucía',
  surname: null,
  company: null,
  vat: null,
  email: null,
  phone: '+34689921849',
  customFields: [],
  createdAt: '2026-11-26T10:00:00Z',
  updatedAt: '2026-11-26T10:00:00Z',
};

function stubApi(answerCreate: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  return stubFetch((url, init) => {
    if (init.method === 'POST') return answerCreate(JSON.parse(String(init.body)));
    if (url.includes('/admin/customers/41')) return { body: { data: created } };
    return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
  });
}

/** Types `term` in the picker and opens "New customer" at the foot of its list. */
async function openQuickCreate(term: string) {
  const input = within(screen.getByTestId('picker')).getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: term } });
  fireEvent.click(await screen.findByTestId('customer-quick-create', undefined, slow));
  return screen.findByTestId('quick-customer-dialog', undefined, slow);
}

describe('quickValuesFrom: what the search typed says about the new customer', () => {
  it('a number is the phone (+34 when without a country code), an address the email, else the name', () => {
    expect(quickValuesFrom('689 921 849')).toEqual({ name: '', phone: '+34689921849', email: '' });
    expect(quickValuesFrom('Ana@Example.es')).toEqual({ name: '', phone: '', email: 'ana@example.es' });
    expect(quickValuesFrom(' Ana García ')).toEqual({ name: 'Ana García', phone: '', email: '' });
  });
});

describe('CustomerSelect: a new customer from the picker', () => {
  it('creates the customer from a name and a phone typed in the search, and selects them', async () => {
    const calls = stubApi((body) => ({ status: 201, body: { data: { ...created, ...body } } }));
    renderInApp(<Picker />, { user: testUser({ can: ['customers_find', 'customers_create'] }) });
    const dialog = await openQuickCreate('689 921 849');
    expect((within(dialog).getByLabelText('Phone') as HTMLInputElement).value).toBe('+34689921849');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Lucía' } });
    fireEvent.click(screen.getByTestId('quick-customer-save'));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('41'), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toContain('/admin/customers');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: 'Lucía',
      phone: '+34689921849',
      email: null,
    });
    // The picker names the new customer at once, before any search finds them.
    expect(await within(screen.getByTestId('picker')).findByTitle('Lucía', undefined, slow)).toBeTruthy();
  });

  it('asks for a phone or an email before sending, and puts a taken email on its field', async () => {
    const calls = stubApi(() => ({
      status: 409,
      body: {
        error: { code: 1000011, message: 'exists', details: [{ field: 'email', message: 'already exists' }] },
      },
    }));
    renderInApp(<Picker />, { user: testUser({ can: ['customers_find', 'customers_create'] }) });
    const dialog = await openQuickCreate('Ana');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Ana');
    fireEvent.click(screen.getByTestId('quick-customer-save'));
    expect(await within(dialog).findAllByText('Give a phone or an email', undefined, slow)).toHaveLength(2);
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ana@example.es' } });
    fireEvent.click(screen.getByTestId('quick-customer-save'));
    expect(
      await within(dialog).findByText('A customer with this email already exists.', undefined, slow),
    ).toBeTruthy();
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('offers no new customer to who may not create them, nor where it is turned off', async () => {
    stubApi(() => ({ status: 500, body: {} }));
    const { unmount } = renderInApp(<Picker />, { user: testUser({ can: ['customers_find'] }) });
    fireEvent.mouseDown(within(screen.getByTestId('picker')).getByRole('combobox'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('customer-quick-create')).toBeNull();
    unmount();
    renderInApp(<Picker quickCreate={false} />, {
      user: testUser({ can: ['customers_find', 'customers_create'] }),
    });
    fireEvent.mouseDown(within(screen.getByTestId('picker')).getByRole('combobox'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('customer-quick-create')).toBeNull();
  });
});
