import { z } from 'zod';
import { calendarViews } from './calendar-views.js';

export * from './calendar-views.js';

export const listPreferencesSchema = z.object({
  columns: z.array(z.string().max(64)).max(64).optional(),
  pageSize: z.number().int().min(1).max(500).optional(),
  sortField: z.string().max(64).nullable().optional(),
  sortOrder: z.enum(['asc', 'desc']).nullable().optional(),
});
export type ListPreferences = z.infer<typeof listPreferencesSchema>;

export const themeSchema = z.object({
  mode: z.enum(['light', 'dark']),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Theme = z.infer<typeof themeSchema>;

/** The user's interface configuration: per list page, calendar view, theme. */
export const uiConfigSchema = z.object({
  lists: z.record(z.string().max(64), listPreferencesSchema).optional(),
  calendar: z
    .object({
      view: z.enum(calendarViews).optional(),
      calendarId: z.number().int().positive().nullable().optional(),
    })
    .optional(),
  theme: themeSchema.optional(),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

export const patchUiConfigBody = z.object({ uiConfig: uiConfigSchema });
