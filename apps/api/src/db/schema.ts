export * from '../modules/audit-log/audit-log.table.js';
export * from '../modules/authentication/sessions.table.js';
export * from '../modules/custom-fields/custom-fields.table.js';
export * from '../modules/customers/customers.table.js';
export * from '../modules/employees/employees.table.js';
export * from '../modules/licenses/licenses.table.js';
export * from '../modules/settings/settings.table.js';
export * from '../modules/taxes/taxes.table.js';
