import { z } from 'zod';
import { emailSchema } from './common.js';
import { allPermissions, permissionScopes } from './permissions.js';
import { uiConfigSchema } from './ui-config.js';

export const loginBody = z.object({
  license: z.string().trim().min(1).max(64),
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

/** 12 hours, or 30 days with "remember this device". */
export const sessionHours = { short: 12, remembered: 30 * 24 } as const;

export const permissionEntrySchema = z.object({
  id: z.number().int().optional(),
  scope: z.enum(permissionScopes),
  permission: z.enum(allPermissions as [string, ...string[]]),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(permissionEntrySchema),
  uiConfig: uiConfigSchema,
  licenseId: z.number().int(),
  licenseName: z.string(),
  isPlatform: z.boolean(),
  /** Set while a support user is logged in as this employee. */
  supportUser: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const passwordSchema = z.string().min(8).max(256);

export const updateProfileBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: emailSchema.nullable().optional(),
    currentPassword: z.string().max(256).optional(),
    newPassword: passwordSchema.optional(),
  })
  .refine((v) => !v.newPassword || !!v.currentPassword, {
    path: ['currentPassword'],
    message: 'required to change the password',
  });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
