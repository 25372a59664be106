// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import { ChangeCalculator, changeCents } from './change-calculator';

describe('changeCents', () => {
  it('is what was given less the total, in cents; negative while short', () => {
    expect(changeCents(2740, 5000)).toBe(2260);
    expect(changeCents(2740, 2740)).toBe(0);
    expect(changeCents(2740, 2000)).toBe(-740);
    // 0,10 € three times given for 0,30 €: no float leftovers.
    expect(changeCents(30, 10 + 10 + 10)).toBe(0);
  });
});

describe('ChangeCalculator', () => {
  it('reads the change for the amount given, and what is still to pay when it is not enough', async () => {
    renderInApp(<ChangeCalculator totalCents={2740} />);
    const amount = () => screen.getByTestId('change-amount');
    expect((await screen.findByTestId('change-amount', undefined, { timeout: 8000 })).textContent).toBe('—');

    const given = screen.getByLabelText('Amount given');
    fireEvent.change(given, { target: { value: '50' } });
    await waitFor(() => expect(amount().textContent).toMatch(/^22,60\s€$/));
    expect(screen.getByText('Change to give')).toBeTruthy();
    expect(amount().closest('.ant-typography-success')).toBeTruthy();

    // A comma is the decimal mark: 20,5 € is 6,90 € short.
    fireEvent.change(given, { target: { value: '20,5' } });
    await waitFor(() => expect(amount().textContent).toMatch(/^6,90\s€$/));
    expect(screen.getByText('Still to pay')).toBeTruthy();
    expect(amount().closest('.ant-typography-danger')).toBeTruthy();

    fireEvent.change(given, { target: { value: '27,40' } });
    await waitFor(() => expect(amount().textContent).toMatch(/^0,00\s€$/));
    expect(screen.getByText('Change to give')).toBeTruthy();
  });
});
