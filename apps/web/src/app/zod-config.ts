/**
 * The page's CSP forbids eval: zod's compiled fast path (`new Function`) would be refused on every parse.
 * zod keeps its configuration in this global (zod/v4/core/core.js `globalConfig`, shared by every copy of
 * zod; what `z.config()` writes), so it is set here without loading zod: the login screen does not need zod's
 * code (`import { config } from 'zod'` brought 3.5 KB gz). zod-config.test.ts checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
