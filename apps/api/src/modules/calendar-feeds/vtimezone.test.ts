import { describe, expect, it } from 'vitest';
import { isAmbiguousWallTime } from './feed-ics.js';
import { vtimezone, zoneTransitions } from './vtimezone.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('zoneTransitions', () => {
  it("finds Madrid's two changes of 2026 to the second", () => {
    const found = zoneTransitions('Europe/Madrid', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'));
    expect(found.map((c) => [iso(c.at), c.fromMs / 3_600_000, c.toMs / 3_600_000])).toEqual([
      ['2026-03-29T01:00:00.000Z', 1, 2],
      ['2026-10-25T01:00:00.000Z', 2, 1],
    ]);
  });

  it('finds New York’s, Lord Howe’s half hour, none in Shanghai', () => {
    const year = [at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z')] as const;
    expect(zoneTransitions('America/New_York', ...year).map((c) => iso(c.at))).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
    ]);
    const lordHowe = zoneTransitions('Australia/Lord_Howe', ...year);
    expect(lordHowe.map((c) => (c.toMs - c.fromMs) / 60_000)).toEqual([-30, 30]);
    expect(zoneTransitions('Asia/Shanghai', ...year)).toEqual([]);
  });
});

describe('vtimezone', () => {
  it('writes an observance in force at the start and one per change, onsets in local time', () => {
    const text = vtimezone('Europe/Madrid', at('2026-09-01T00:00:00Z'), at('2027-05-01T00:00:00Z'));
    expect(text).toBe(
      [
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Madrid',
        'BEGIN:DAYLIGHT',
        'DTSTART:20260901T020000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0200',
        'TZNAME:CEST',
        'END:DAYLIGHT',
        'BEGIN:STANDARD',
        'DTSTART:20261025T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'TZNAME:CET',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:20270328T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'TZNAME:CEST',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        '',
      ].join('\r\n'),
    );
  });

  it('writes a zone without changes as one observance, and offsets in minutes', () => {
    const text = vtimezone('Asia/Kolkata', at('2026-09-01T00:00:00Z'), at('2027-01-01T00:00:00Z'));
    expect(text).toContain('TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530');
    expect(text.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toEqual(['BEGIN:STANDARD']);
    expect(vtimezone('America/St_Johns', at('2026-01-01T00:00:00Z'), at('2026-02-01T00:00:00Z'))).toContain(
      'TZOFFSETTO:-0330',
    );
  });
});

describe('isAmbiguousWallTime', () => {
  it('is the hour Madrid lives twice in October, both passes, and nothing else', () => {
    expect(isAmbiguousWallTime(at('2026-10-25T00:30:00Z'), 'Europe/Madrid')).toBe(true); // 02:30 CEST
    expect(isAmbiguousWallTime(at('2026-10-25T01:30:00Z'), 'Europe/Madrid')).toBe(true); // 02:30 CET
    expect(isAmbiguousWallTime(at('2026-10-24T23:59:00Z'), 'Europe/Madrid')).toBe(false); // 01:59 CEST
    expect(isAmbiguousWallTime(at('2026-10-25T02:00:00Z'), 'Europe/Madrid')).toBe(false); // 03:00 CET
    expect(isAmbiguousWallTime(at('2027-03-28T01:00:00Z'), 'Europe/Madrid')).toBe(false); // 03:00 CEST
    expect(isAmbiguousWallTime(at('2026-07-01T10:00:00Z'), 'Asia/Shanghai')).toBe(false);
  });
});
