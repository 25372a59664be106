import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import typographyBase from 'antd/es/typography/Base/index.js?raw';
import { describe, expect, it } from 'vitest';
import { isBright } from '../../build/antd-is-bright';

const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

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

  it("leaves Typography's Editable out only where antd renders it for the editable prop, which no screen passes", () => {
    // The trim redirects this import of antd's Typography base, which renders Editable only while editing.
    expect(typographyBase).toMatch(/^import Editable from '\.\.\/Editable';$/m);
    expect(typographyBase.match(/createElement\(Editable\b/g)).toHaveLength(1);
    expect(typographyBase).toMatch(
      /if \(editing\) \{\s*return \/\*#__PURE__\*\/React\.createElement\(Editable,/,
    );
    // The word outside comments, but for object keys and types (FullCalendar's events take `editable:`).
    const uncommented = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const editable = /\beditable\b(?!\??\s*:)/;
    const users = Object.entries(sources)
      .filter(([, source]) => editable.test(uncommented(source)))
      .map(([file]) => file);
    expect(users).toEqual([]);
  });
});
