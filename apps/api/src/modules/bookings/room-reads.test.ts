import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAnomalies, decodeOccupancy } from './bookings.repository.js';

describe('the one-statement reads, decoded', () => {
  it('reads the occupancy as the numbers of its comma-separated integers', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -1e15, max: 1e15 }),
            fc.maxSafeInteger(),
            fc.constant(Number.MAX_SAFE_INTEGER),
          ),
          { minLength: 1, maxLength: 300 },
        ),
        (values) => {
          expect([...decodeOccupancy(values.join(','))]).toEqual(values.map((v) => v + 0));
        },
      ),
    );
    expect([...decodeOccupancy(null)]).toEqual([]);
    expect([...decodeOccupancy('')]).toEqual([]);
    expect([...decodeOccupancy('1764460800000,1764464400000,1000000')]).toEqual([
      1_764_460_800_000, 1_764_464_400_000, 1_000_000,
    ]);
    // Anything else than integers is read as Number reads it.
    expect([...decodeOccupancy('1.5,2e3,3')]).toEqual([1.5, 2000, 3]);
  });

  it('gives the room checks the occupancy as the same triples, and the anomalies as periods', () => {
    expect([...decodeOccupancy('1764460800000,1764462600000,2,1764462600000,1764464400000,1000000')]).toEqual(
      [1_764_460_800_000, 1_764_462_600_000, 2, 1_764_462_600_000, 1_764_464_400_000, 1_000_000],
    );
    expect(decodeAnomalies('close,1764460800000,1764464400000,open,1764468000000,1764471600000')).toEqual([
      { type: 'close', startsAt: new Date(1_764_460_800_000), endsAt: new Date(1_764_464_400_000) },
      { type: 'open', startsAt: new Date(1_764_468_000_000), endsAt: new Date(1_764_471_600_000) },
    ]);
    expect(decodeAnomalies(null)).toEqual([]);
    expect(decodeAnomalies(undefined)).toEqual([]);
  });
});
