import { describe, expect, it } from 'vitest';
import { summarySpans } from './summary-spans.js';

const iso = (ranges: { start: number; end: number }[]) =>
  ranges.map(
    (r) => `${new Date(r.start).toISOString().slice(0, 16)}…${new Date(r.end).toISOString().slice(0, 16)}`,
  );
const d = (s: string) => new Date(s);

describe('summarySpans', () => {
  it('reads a Madrid year by whole UTC days, and by the hour at its edges', () => {
    const spans = summarySpans(d('2025-12-31T23:00:00Z'), d('2026-12-31T23:00:00Z'));
    expect(iso(spans.days)).toEqual(['2026-01-01T00:00…2026-12-31T00:00']);
    expect(iso(spans.hours)).toEqual([
      '2025-12-31T23:00…2026-01-01T00:00',
      '2026-12-31T00:00…2026-12-31T23:00',
    ]);
  });

  it('reads by the hour the UTC days a bucket starts in, so each day read whole lies in one bucket', () => {
    // Madrid: February starts at 23:00 UTC on 31 January, April (summer time) at 22:00 UTC on 31 March.
    const spans = summarySpans(d('2025-12-31T23:00:00Z'), d('2026-04-30T22:00:00Z'), [
      d('2026-01-31T23:00:00Z'),
      d('2026-02-28T23:00:00Z'),
      d('2026-03-31T22:00:00Z'),
    ]);
    expect(iso(spans.days)).toEqual([
      '2026-01-01T00:00…2026-01-31T00:00',
      '2026-02-01T00:00…2026-02-28T00:00',
      '2026-03-01T00:00…2026-03-31T00:00',
      '2026-04-01T00:00…2026-04-30T00:00',
    ]);
    expect(iso(spans.hours)).toEqual([
      '2025-12-31T23:00…2026-01-01T00:00',
      '2026-01-31T00:00…2026-02-01T00:00',
      '2026-02-28T00:00…2026-03-01T00:00',
      '2026-03-31T00:00…2026-04-01T00:00',
      '2026-04-30T00:00…2026-04-30T22:00',
    ]);
  });

  it('a boundary at a UTC midnight cuts nothing; a period within a day or two is all hours', () => {
    const utc = summarySpans(d('2026-01-01T00:00:00Z'), d('2026-01-05T00:00:00Z'), [
      d('2026-01-03T00:00:00Z'),
    ]);
    expect(iso(utc.days)).toEqual(['2026-01-01T00:00…2026-01-05T00:00']);
    expect(utc.hours).toEqual([]);
    const short = summarySpans(d('2026-03-28T23:00:00Z'), d('2026-03-29T22:00:00Z'));
    expect(short.days).toEqual([]);
    expect(iso(short.hours)).toEqual(['2026-03-28T23:00…2026-03-29T22:00']);
  });

  it('covers [start, end) exactly once', () => {
    const start = d('2026-03-14T23:00:00Z');
    const end = d('2026-11-20T23:00:00Z');
    const boundaries = [d('2026-03-31T22:00:00Z'), d('2026-07-31T22:00:00Z'), d('2026-10-31T23:00:00Z')];
    const { days, hours } = summarySpans(start, end, boundaries);
    const all = [...days, ...hours].sort((a, b) => a.start - b.start);
    expect(all[0]!.start).toBe(start.getTime());
    expect(all.at(-1)!.end).toBe(end.getTime());
    for (let i = 1; i < all.length; i++) expect(all[i]!.start).toBe(all[i - 1]!.end);
    for (const b of boundaries)
      expect(
        days.some((r) => r.start < b.getTime() && b.getTime() < r.end && b.getTime() % 86_400_000 !== 0),
      ).toBe(false);
  });
});
