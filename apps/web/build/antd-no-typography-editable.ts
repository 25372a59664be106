// Stands for antd/es/typography/Editable in Typography's Base only (build/antd-trims.ts): Typography renders it
// while a text with the `editable` prop is being edited, and no screen passes `editable` (src/app/antd-trims.test.ts
// checks the sources). Its TextArea, autosize and key handling stay out of the chunk every screen loads.
export default function Editable(): never {
  throw new Error('Typography editable is not bundled: see apps/web/build/antd-trims.ts');
}
