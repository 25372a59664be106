import { build } from 'esbuild';

/** Bundles the API's entry points; packages stay external and load from node_modules. */
await build({
  // All at the root of dist/, where the migrations are found (`db/migrate.ts`).
  entryPoints: { main: 'src/main.ts', demo: 'src/demo.ts', 'verifactu-check': 'src/cli/verifactu-check.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
