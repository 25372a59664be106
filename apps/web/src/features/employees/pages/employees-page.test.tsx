// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import type { EmployeeListItem } from '../api';
import { EmployeesPage } from './employees-page';

const employee = (id: number, name: string, canManage: boolean): EmployeeListItem => ({
  id,
  name,
  email: null,
  username: name.toLowerCase(),
  roles: [],
  enabled: true,
  createdAt: '2026-01-01T10:00:00+01:00',
  canManage,
});
// Ana is the user (id 1); Lucía holds only what Ana may grant; Marta holds more.
const items = [employee(1, 'Ana', false), employee(5, 'Lucía', true), employee(6, 'Marta', false)];
const slow = { timeout: 8000 };

describe('EmployeesPage', () => {
  it('offers delete only where the server allows it: never on oneself nor on whom one may not manage', async () => {
    stubFetch(() => ({ body: { data: { items, total: 3, page: 1, limit: 50 } } }));
    renderInApp(<EmployeesPage />, {
      path: '/employees',
      user: testUser({ id: 1, can: ['employees_find', 'employees_edit', 'employees_delete'] }),
    });
    expect(await screen.findByText('3 employees', undefined, slow)).toBeTruthy();
    expect(screen.getAllByLabelText('Delete Lucía').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Delete Ana')).toBeNull();
    expect(screen.queryByLabelText('Delete Marta')).toBeNull();
  }, 60_000);
});
