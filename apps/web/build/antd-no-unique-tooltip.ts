// Stands for antd/es/tooltip/UniqueProvider in ConfigProvider only (build/antd-trims.ts): the app never sets
// ConfigProvider's `tooltip.unique`, the only case ConfigProvider renders it.
export default function UniqueProvider(): never {
  throw new Error('ConfigProvider tooltip.unique is not bundled: see apps/web/build/antd-trims.ts');
}
