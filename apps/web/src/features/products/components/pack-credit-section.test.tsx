// @vitest-environment jsdom
import { givesCredit, namesProducts, type Product, type ProductType } from '@mostrador/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp } from '../../../test/render';
import { toFormValues } from '../product-values';
import { CreditSection, PackSection } from './pack-credit-section';

const bookable = [
  { id: 7, name: 'Yoga', type: 'bookable' },
  { id: 8, name: 'Pilates', type: 'bookable' },
];

/** The sections a product of `type` shows, as the product form picks them, with a submit button. */
function renderSections(type: ProductType, product?: Partial<Product>) {
  stubFetch(() => ({ body: { data: { items: bookable, total: bookable.length, page: 1, limit: 100 } } }));
  const initialValues = toFormValues({ type, ...product } as Product, 1);
  renderInApp(
    <Form layout="vertical" initialValues={initialValues}>
      {namesProducts(type) && <PackSection type={type} />}
      {givesCredit(type) && <CreditSection type={type} />}
      <Button htmlType="submit" data-testid="submit">
        Save
      </Button>
    </Form>,
  );
}

const section = (id: 'pack' | 'credit') => screen.getByTestId(`product-section-${id}`);

describe('the pack and credit sections of the types that give sessions, name products or give credit', () => {
  it('a bookings subscription asks for its sessions per period and the products they pay for', async () => {
    renderSections('bookings_subscription');
    const pack = section('pack');
    expect(within(pack).getByText('Sessions each period')).toBeTruthy();
    expect(within(pack).getByText('Sessions')).toBeTruthy();
    expect(within(pack).getByText('Products its sessions pay for')).toBeTruthy();
    expect(within(pack).getByText(/unused ones expire at the period's end/)).toBeTruthy();
    expect(screen.queryByTestId('product-section-credit')).toBeNull();
    fireEvent.click(screen.getByTestId('submit'));
    expect(await within(pack).findByText('Say how many sessions each period gives.')).toBeTruthy();
    expect(await within(pack).findByText('Choose at least one product.')).toBeTruthy();
  });

  it('a program subscription asks only for the products booked free while it is active', async () => {
    renderSections('program_subscription');
    const pack = section('pack');
    expect(within(pack).getByText('Programme')).toBeTruthy();
    expect(within(pack).getByText('Products booked free')).toBeTruthy();
    expect(
      within(pack).getByText('Products whose bookings are free while the subscription is active.'),
    ).toBeTruthy();
    expect(within(pack).queryByText('Sessions')).toBeNull();
    expect(screen.queryByTestId('product-section-credit')).toBeNull();
    fireEvent.click(screen.getByTestId('submit'));
    expect(await within(pack).findByText('Choose at least one product.')).toBeTruthy();
  });

  it('a credit subscription asks for the credit each period gives', () => {
    renderSections('credit_subscription');
    const credit = section('credit');
    expect(within(credit).getByText('Credit each period')).toBeTruthy();
    expect(within(credit).getByText('Credit per period')).toBeTruthy();
    expect(within(credit).getByText(/each paid period adds to the customer's credit/)).toBeTruthy();
    expect(screen.queryByTestId('product-section-pack')).toBeNull();
  });

  it('a pack keeps its own title and asks how many sessions the pack gives', async () => {
    renderSections('pack');
    expect(within(section('pack')).getByText('Pack')).toBeTruthy();
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Say how many sessions the pack gives.')).toBeTruthy();
  });

  it('a credit keeps its own title and credit per unit', () => {
    renderSections('credit');
    const credit = section('credit');
    expect(within(credit).getByText('Credit')).toBeTruthy();
    expect(within(credit).getByText('Credit per unit')).toBeTruthy();
    expect(within(credit).getByText('Euros one unit sold gives to spend; empty: the price.')).toBeTruthy();
  });

  it('a saved bookings subscription shows its sessions and products back', async () => {
    renderSections('bookings_subscription', { packSessions: 4, packProductIds: [8] });
    const pack = section('pack');
    expect((within(pack).getByRole('spinbutton') as HTMLInputElement).value).toBe('4');
    expect(await within(pack).findByText('Pilates')).toBeTruthy();
  });
});
