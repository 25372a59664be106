import { z } from 'zod';
import { passwordSchema } from './auth.js';
import { emailSchema } from './common.js';

export const licenseCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, { message: 'lowercase letters, digits and dashes' });

export const licenseStatuses = ['active', 'inactive'] as const;

export const licenseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.enum(licenseStatuses),
  customerId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  isPlatform: z.boolean(),
  createdAt: z.string(),
});
export type License = z.infer<typeof licenseSchema>;

export const createLicenseBody = z.object({
  name: z.string().trim().min(1).max(160),
  code: licenseCodeSchema,
  status: z.enum(licenseStatuses).optional().default('active'),
  customerId: z.number().int().positive().nullable().optional(),
  productId: z.number().int().positive().nullable().optional(),
  adminUsername: z.string().trim().min(1).max(254),
  adminEmail: emailSchema.nullable().optional(),
  adminPassword: passwordSchema,
});
export type CreateLicenseBody = z.input<typeof createLicenseBody>;

export const licenseListFields = [
  'id',
  'name',
  'code',
  'status',
  'productName',
  'customerName',
  'customerSurname',
  'createdAt',
] as const;

export const licenseListItemSchema = licenseSchema.extend({
  productName: z.string().nullable(),
  customerName: z.string().nullable(),
  customerSurname: z.string().nullable(),
});
export type LicenseListItem = z.infer<typeof licenseListItemSchema>;

export const updateLicenseBody = z.object({
  name: z.string().trim().min(1).max(160),
  code: licenseCodeSchema,
  status: z.enum(licenseStatuses),
  customerId: z.number().int().positive().nullable().optional(),
  productId: z.number().int().positive().nullable().optional(),
});
export type UpdateLicenseBody = z.input<typeof updateLicenseBody>;

export const supportLoginParams = z.object({ userId: z.coerce.number().int().positive() });
