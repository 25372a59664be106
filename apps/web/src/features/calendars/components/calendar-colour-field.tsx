import { ColorPicker, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { calendarColour, calendarPalette } from '../calendar-colour';

/**
 * The calendar's colour: one of the palette's or any other, without transparency; cleared, the calendar
 * takes the palette's colour for its id (shown beside it).
 */
export function CalendarColourField({
  value,
  onChange,
  calendarId,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  calendarId?: number;
}) {
  const { t } = useTranslation();
  const automatic = calendarId === undefined ? calendarPalette[0] : calendarColour({ id: calendarId });
  return (
    <Flex gap={8} align="center" wrap>
      <ColorPicker
        value={value ?? automatic}
        disabledAlpha
        allowClear
        format="hex"
        presets={[{ label: t('calendars.colorPresets'), colors: [...calendarPalette] }]}
        onChangeComplete={(colour) => onChange?.(colour.toHexString().slice(0, 7).toLowerCase())}
        onClear={() => onChange?.(null)}
        showText={() => value ?? t('calendars.colorAutomatic')}
        aria-label={t('calendars.fields.color')}
        data-testid="calendar-color"
      />
      {!value && <Typography.Text type="secondary">{t('calendars.help.colorAutomatic')}</Typography.Text>}
    </Flex>
  );
}
