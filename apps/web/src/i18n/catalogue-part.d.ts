/** A language's catalogue cut to the signed-out screens' namespaces (vite.config.ts: `signedOutNamespaces`). */
declare module '*.json?signed-out' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** A language's catalogue cut to the shell's namespaces (i18n.ts `shellSections`). */
declare module '*.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
