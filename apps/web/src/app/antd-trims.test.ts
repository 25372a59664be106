import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { describe, expect, it } from 'vitest';
import { isBright } from '../../build/antd-is-bright';

describe('antd-trims', () => {
  it("gives antd's buttons and tags the same isBright as antd's colour presets", () => {
    const colours = [
      '#0958d9',
      '#ffffff',
      '#000000',
      '#fadb14',
      '#52c41a',
      '#ff4d4f',
      'rgba(0,0,0,0.2)',
      '#1677ff80',
    ];
    for (const colour of colours)
      for (const background of ['#fff', '#000', '#141414'])
        expect(isBright(new AggregationColor(colour), background)).toBe(
          antdIsBright(new AggregationColor(colour), background),
        );
  });
});
