// Stands for antd/es/tabs in Card only (build/antd-trims.ts): Card renders it for its `tabList` prop, which no
// screen uses; a screen's tabs are antd's Tabs, imported as usual.
export default function Tabs(): never {
  throw new Error('Card tabList is not bundled: use antd Tabs, or see apps/web/build/antd-trims.ts');
}
