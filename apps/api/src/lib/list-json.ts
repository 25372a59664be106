import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * Under test, every list page PostgreSQL wrote as JSON (keysFirstPageJson, the route's answer) is checked
 * against the response schema and against the same page read as rows and mapped by the service (what an
 * export reads): the two encodings of one list cannot drift apart. A write between the two reads (the
 * concurrency tests) gets one more try before it counts as a difference. Off outside tests.
 */
export function listJsonCheck(
  list: string,
  response: z.ZodType,
): ((json: string, objects: () => Promise<unknown>) => Promise<void>) | undefined {
  if (process.env.NODE_ENV !== 'test') return undefined;
  return async (json, objects) => {
    const answered = JSON.parse(json) as unknown;
    response.parse(answered);
    for (let attempt = 0; attempt < 2; attempt++) {
      const expected = JSON.parse(JSON.stringify({ data: await objects() })) as unknown;
      if (isDeepStrictEqual(answered, expected)) return;
      if (attempt === 1)
        throw new Error(
          `${list} list: the JSON page differs from the mapped rows\n${json}\n${JSON.stringify(expected)}`,
        );
    }
  };
}
