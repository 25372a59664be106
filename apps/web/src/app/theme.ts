import type { AppConfig, Theme, UiConfig } from '@mostrador/contract';
import { theme as antdTheme, type ThemeConfig } from 'antd';

export const defaultTheme: Theme = { mode: 'light', primaryColor: '#1677ff' };

/** A brand forces its colour (light mode); otherwise the user's saved theme, else antd's default. */
export function resolveTheme(brand: AppConfig['brand'], uiConfig: UiConfig | undefined): Theme {
  if (brand) return { mode: 'light', primaryColor: brand.primaryColor };
  return uiConfig?.theme ?? defaultTheme;
}

export function toThemeConfig(theme: Theme): ThemeConfig {
  return {
    algorithm: theme.mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: theme.primaryColor },
  };
}
