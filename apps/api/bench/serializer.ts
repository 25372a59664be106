// Response serialization: which routes get a compiled fast-json-stringify serializer (plugins/serializer.ts)
// and which keep zod's, then one bookings-list page (50 items) serialized by zod + JSON.stringify (the old
// path), by the compiled serializer, and by JSON.stringify alone (the floor), in µs per page:
// `npx tsx --conditions=source apps/api/bench/serializer.ts` (BENCH_PGLITE=1 for the embedded database).
import { isDeepStrictEqual } from 'node:util';
import { bookingListItemSchema, listResponse } from '@mostrador/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { compileFast, serializersOf } from '../src/plugins/serializer.js';
import { type BenchSize, seedBench } from './seed.js';
import { benchApp } from './support.js';

const b = await benchApp();
try {
  const report = serializersOf(b.app);
  if (!report) throw new Error('the app has no serializer compiler of plugins/serializer.ts');
  console.log(`response serializers: ${report.fastCount} fast, ${report.fallbacks.length} kept zod's`);
  for (const f of report.fallbacks) console.log(`  ${f.method} ${f.url} ${f.status}: ${f.reason}`);

  // A few thousand bookings are enough for a full first page with every column filled.
  const size: BenchSize = {
    name: 'small',
    bookings: 2_000,
    orders: 300,
    customers: 300,
    availabilityBookings: 100,
  };
  await seedBench(b.database.db, b.app, b.services, size, () => {});
  const login = await b.app.inject({
    method: 'POST',
    url: '/v1/admin/authentication/employee-password-login',
    payload: { license: 'bench', username: 'owner', password: 'bench-password' },
  });
  const auth = await b.services.authentication.authenticate(login.json().data as string);
  if (!auth) throw new Error('no session');
  // What the route hands its serializer: the service's answer, as it comes.
  const payload = { data: await b.services.bookings.list(auth, { page: 1, limit: 50 }) };

  const schema = listResponse(bookingListItemSchema);
  const zod = zodSerializerCompiler({ schema, method: 'GET', url: '/v1/admin/bookings', httpStatus: '200' });
  const compileStart = performance.now();
  const compiled = compileFast(schema);
  console.log(
    `compiling the bookings list's schema: ${(performance.now() - compileStart).toFixed(1)} ms (once, at startup)`,
  );
  if (!('fast' in compiled)) throw new Error(`the bookings list fell back: ${compiled.refusal}`);
  const { fast } = compiled;
  const zodJson = zod(payload) as string;
  const fastJson = fast(payload);
  if (!isDeepStrictEqual(JSON.parse(zodJson), JSON.parse(fastJson)))
    throw new Error('the two serializers disagree on the page');
  console.log(
    `bookings list page: ${payload.data.items.length} items, ${(fastJson.length / 1024).toFixed(1)} KB` +
      ` (byte-identical to zod's: ${fastJson === zodJson})`,
  );

  const rounds = Number(process.env.ROUNDS ?? 9);
  const perRound = 1_000;
  const cases: [string, () => unknown][] = [
    ['zod encode + JSON.stringify (before)', () => zod(payload)],
    ['fast-json-stringify, compiled (after)', () => fast(payload)],
    ['JSON.stringify alone (floor, no stripping)', () => JSON.stringify(payload)],
  ];
  // Rounds interleave the cases, so that a busy machine slows them alike.
  const runs = cases.map(() => [] as number[]);
  for (const [, fn] of cases) for (let i = 0; i < 500; i++) fn();
  for (let r = 0; r < rounds; r++) {
    cases.forEach(([, fn], c) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) fn();
      runs[c]!.push(Number(process.hrtime.bigint() - start) / 1e3 / perRound);
    });
  }
  cases.forEach(([label], c) => {
    const sorted = runs[c]!.sort((x, y) => x - y);
    console.log(
      `${label}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} µs/page, best ${sorted[0]!.toFixed(1)} µs (${rounds} × ${perRound})`,
    );
  });
} finally {
  await b.close();
}
