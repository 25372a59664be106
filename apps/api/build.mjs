import { build } from 'esbuild';

/** Bundles the API's entry points; packages stay external and load from node_modules. */
await build({
  entryPoints: ['src/main.ts', 'src/demo.ts', 'src/cli/verifactu-check.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
