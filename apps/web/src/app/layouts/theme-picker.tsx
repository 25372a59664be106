import { BgColorsOutlined } from '@ant-design/icons';
import type { Theme } from '@mostrador/contract';
import { theme as antdTheme, Button, ColorPicker, Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/session/api';
import { useUpdateUiConfig } from '../../features/settings/api';
import { defaultTheme } from '../theme';

const presets = ['#0958d9', '#722ed1', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#eb2f96', '#2f54eb'];

/** Light or dark and the primary colour, saved in the super administrator's `uiConfig.theme`. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const labelId = useId();
  const current = useCurrentUser().uiConfig.theme ?? defaultTheme;
  const updateUiConfig = useUpdateUiConfig();
  const save = (change: Partial<Theme>) =>
    updateUiConfig((uiConfig) => ({ ...uiConfig, theme: { ...current, ...uiConfig.theme, ...change } }));

  return (
    <Flex
      vertical
      gap={8}
      data-testid="theme-picker"
      style={{ padding: 16, borderTop: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Typography.Text type="secondary">{t('theme.title')}</Typography.Text>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text id={labelId}>{t('theme.darkMode')}</Typography.Text>
        <Switch
          aria-labelledby={labelId}
          checked={current.mode === 'dark'}
          onChange={(dark) => save({ mode: dark ? 'dark' : 'light' })}
        />
      </Flex>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text>{t('theme.primaryColor')}</Typography.Text>
        <ColorPicker
          value={current.primaryColor}
          disabledAlpha
          presets={[{ label: t('theme.presets'), colors: presets }]}
          onChangeComplete={(color) => save({ primaryColor: color.toHexString().slice(0, 7) })}
        >
          <Button
            aria-label={t('theme.choosePrimaryColor')}
            icon={<BgColorsOutlined aria-hidden style={{ color: current.primaryColor }} />}
          />
        </ColorPicker>
      </Flex>
    </Flex>
  );
}
