import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod jitless before zod loads', async () => {
    await import('./zod-config');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
