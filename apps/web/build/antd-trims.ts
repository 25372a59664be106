import type { Plugin } from 'vite';

/**
 * Antd's internal imports that put code every screen loads on the login screen too, redirected to
 * lighter modules with the same behaviour for this app (measured with apps/api/bench/web-load.ts):
 *
 * - The button's and tag's styles import `isBright` from the colour picker's presets panel, whose module
 *   imports Collapse (its panels): antd's Collapse and its styles came with every button. They get
 *   `isBright` alone, the same function (antd-is-bright.ts; src/app/antd-trims.test.ts checks it against antd's).
 * - ConfigProvider imports the tooltip's UniqueProvider (rc-component/trigger and portal) for the
 *   `tooltip.unique` option, which this app never sets (providers.tsx): a stand-in that refuses it loudly.
 * - Card imports Tabs (rc-component/tabs and its styles) for its `tabList` prop, which no screen uses (a
 *   screen's tabs are antd's Tabs, imported as usual): a stand-in that refuses it loudly.
 * - Typography imports its Editable (antd's TextArea with autosize, @rc-component/input) for the `editable`
 *   prop, which no screen passes (src/app/antd-trims.test.ts reads the sources): a stand-in that refuses it
 *   loudly. Every signed-in screen loads Typography: its shared chunk 31.5 → 26.9 KB gz, the calendar
 *   screen 470.3 → 462.1 KB (the input chunk no longer comes with it).
 */
const redirects: Array<{ importer: RegExp; source: string; to: string }> = [
  {
    importer: /antd[\\/]es[\\/](button|tag)[\\/]style[\\/](token|index)\.js$/,
    source: '../../color-picker/components/ColorPresets',
    to: new URL('./antd-is-bright.ts', import.meta.url).pathname,
  },
  {
    importer: /antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    to: new URL('./antd-no-unique-tooltip.ts', import.meta.url).pathname,
  },
  {
    importer: /antd[\\/]es[\\/]card[\\/]Card\.js$/,
    source: '../tabs',
    to: new URL('./antd-no-card-tabs.ts', import.meta.url).pathname,
  },
  {
    importer: /antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '../Editable',
    to: new URL('./antd-no-typography-editable.ts', import.meta.url).pathname,
  },
];

export function antdTrims(): Plugin {
  const used = new Set<string>();
  return {
    name: 'mostrador:antd-trims',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer) return null;
      const redirect = redirects.find((r) => r.source === source && r.importer.test(importer));
      if (!redirect) return null;
      used.add(redirect.to);
      return redirect.to;
    },
    buildEnd() {
      // An antd upgrade that moves these imports turns the trims off silently: say so at build time.
      for (const r of redirects)
        if (!used.has(r.to))
          this.warn(`antd-trims: ${r.source} is no longer imported as expected; check build/antd-trims.ts`);
    },
  };
}
