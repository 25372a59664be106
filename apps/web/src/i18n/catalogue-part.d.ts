/** A language's catalogue cut to the signed-out screens' namespaces (vite.config.ts: `signedOutNamespaces`). */
declare module '*.json?signed-out' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
