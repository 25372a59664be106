/** A language's catalogue cut to the signed-out screens' namespaces (build/catalogue-parts.ts `signedOutNamespaces`). */
declare module '*.json?signed-out' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** A language's catalogue cut to the shell's namespaces (i18n.ts `shellSections`). */
declare module '*.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** One language's screen parts, each the loader of its chunk (build/catalogue-parts.ts). */
declare module 'virtual:screen-parts/*' {
  const parts: Record<import('../app/screen-sections').ScreenPart, () => Promise<Record<string, unknown>>>;
  export default parts;
}
