import { z } from 'zod';
import { passwordSchema, permissionEntrySchema } from './auth.js';
import { emailSchema } from './common.js';

export const employeeListFields = ['id', 'name', 'email', 'username', 'enabled', 'createdAt'] as const;

export const employeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  permissions: z.array(permissionEntrySchema),
  createdAt: z.string(),
  /**
   * Whether the caller may edit and delete this employee: false for oneself (the profile edits one's
   * own record) and for anyone holding a permission the caller may not grant (can_grant), unless the
   * caller is the platform SUPER_ADMIN. Deleting the last holder of grant_permissions is still refused.
   */
  canManage: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const employeeListItemSchema = employeeSchema.omit({ permissions: true });

const permissionInput = permissionEntrySchema.omit({ id: true });

export const createEmployeeBody = z.object({
  name: z.string().trim().min(1).max(120),
  email: emailSchema.nullable().optional(),
  username: z.string().trim().min(1).max(254).optional(),
  password: passwordSchema,
  enabled: z.boolean().optional().default(true),
  permissions: z.array(permissionInput).max(200).optional().default([]),
});
export type CreateEmployeeBody = z.input<typeof createEmployeeBody>;

export const updateEmployeeBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  email: emailSchema.nullable().optional(),
  username: z.string().trim().min(1).max(254).optional(),
  password: passwordSchema.optional(),
  enabled: z.boolean().optional(),
  permissions: z.array(permissionInput).max(200).optional(),
});
export type UpdateEmployeeBody = z.input<typeof updateEmployeeBody>;
