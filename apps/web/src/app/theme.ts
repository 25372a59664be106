import type { AppConfig, Theme, UiConfig } from '@mostrador/contract';
import { theme as antdTheme, type ThemeConfig } from 'antd';

/** antd's blue one step darker: white text on it meets WCAG AA (4.5:1), which #1677ff does not. */
export const defaultTheme: Theme = { mode: 'light', primaryColor: '#0958d9' };

/** A brand forces its colour (light mode); otherwise the user's saved theme, else antd's default. */
export function resolveTheme(brand: AppConfig['brand'], uiConfig: UiConfig | undefined): Theme {
  if (brand) return { mode: 'light', primaryColor: brand.primaryColor };
  return uiConfig?.theme ?? defaultTheme;
}

/**
 * antd lightens a primary button on hover (#0958d9 → #2e7ae6, 4.16:1 with white): in light mode it darkens
 * to the pressed colour of the same palette instead, so white text keeps WCAG AA under the pointer too.
 */
function darkerOnHover(primaryColor: string): string {
  return antdTheme.defaultAlgorithm({ ...antdTheme.defaultSeed, colorPrimary: primaryColor })
    .colorPrimaryActive;
}

/** The device asks for less motion (a system setting; WCAG 2.3.3). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

export function toThemeConfig(theme: Theme, reducedMotion = prefersReducedMotion()): ThemeConfig {
  return {
    algorithm: theme.mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: theme.primaryColor,
      // Drawers, dialogs, menus and messages open without zooming or sliding for those who ask for less
      // motion (the browser suite does, so that a click never lands on a dialog still on its way).
      motion: !reducedMotion,
      // Links follow the primary colour; antd derives them from its info blue, too light for WCAG AA.
      colorLink: theme.primaryColor,
      // antd's secondary text (45 % black) is too faint on its grey background for WCAG AA, and so is its
      // red (#ff4d4f) for danger buttons and field errors: red-7 reads at 5.9:1 on white.
      ...(theme.mode === 'light'
        ? {
            colorPrimaryHover: darkerOnHover(theme.primaryColor),
            colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
            colorTextDescription: 'rgba(0, 0, 0, 0.65)',
            // Placeholders of filter selects ("All types") are read as values: 4.6:1 on white.
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
            colorError: '#cf1322',
            // Success text (a cash count over, change to give) is antd's green-6 by default, 2.4:1 on
            // white: green-8 reads at 6.4:1.
            colorSuccessText: '#237804',
          }
        : {}),
    },
    components: {
      // Descriptions labels default to tertiary text (45 %), too faint for WCAG AA: secondary text instead.
      Descriptions: {
        labelColor: theme.mode === 'dark' ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.65)',
      },
    },
  };
}
