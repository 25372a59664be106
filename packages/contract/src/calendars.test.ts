import { describe, expect, it } from 'vitest';
import { anomalyBody, clientDateTimeKey, emptySchedule, weeklyScheduleSchema } from './calendars.js';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('weeklyScheduleSchema', () => {
  it('takes an empty week and sorts each day’s ranges', () => {
    expect(weeklyScheduleSchema.parse(emptySchedule())).toEqual(emptySchedule());
    const parsed = weeklyScheduleSchema.parse({
      ...emptySchedule(),
      monday: [
        { openAt: '16:00', closedAt: '24:00' },
        { openAt: '00:00', closedAt: '14:00' },
      ],
    });
    expect(parsed.monday).toEqual([
      { openAt: '00:00', closedAt: '14:00' },
      { openAt: '16:00', closedAt: '24:00' },
    ]);
  });

  it('names the range and field that fail', () => {
    const check = (monday: unknown) => paths(weeklyScheduleSchema.safeParse({ ...emptySchedule(), monday }));
    expect(check([{ openAt: '9:00', closedAt: '10:00' }])).toEqual(['monday.0.openAt']);
    expect(check([{ openAt: '10:00', closedAt: '10:00' }])).toEqual(['monday.0.closedAt']);
    expect(
      check([
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '14:00', closedAt: '15:00' },
        { openAt: '14:30', closedAt: '16:00' },
      ]),
    ).toEqual(['monday.2.openAt']);
  });
});

describe('clientDateTimeKey', () => {
  it('reads offsets, and offset-less values as local', () => {
    expect(clientDateTimeKey('2026-12-24')).toEqual({ ms: Date.UTC(2026, 11, 24), local: true });
    expect(clientDateTimeKey('2026-12-24T10:30')).toEqual({
      ms: Date.UTC(2026, 11, 24, 10, 30),
      local: true,
    });
    expect(clientDateTimeKey('2026-12-24T10:30:00Z')).toEqual({
      ms: Date.UTC(2026, 11, 24, 10, 30),
      local: false,
    });
    expect(clientDateTimeKey('2026-12-24T10:30:00+01:00')).toEqual({
      ms: Date.UTC(2026, 11, 24, 9, 30),
      local: false,
    });
  });

  it('refuses what is not a real date-time', () => {
    for (const value of ['', 'tomorrow', '2026-02-29', '2026-13-01', '2026-12-24T24:00', '24/12/2026']) {
      expect(clientDateTimeKey(value), value).toBeUndefined();
    }
  });
});

describe('anomalyBody', () => {
  it('wants the end after the start when both are comparable', () => {
    const base = { type: 'close', startDate: '2026-12-24T10:00', endDate: '2026-12-24T10:00' };
    expect(paths(anomalyBody.safeParse(base))).toEqual(['endDate']);
    expect(anomalyBody.safeParse({ ...base, endDate: '2026-12-24T10:01' }).success).toBe(true);
    // One local, one with an offset: the server decides in the company's time zone.
    expect(anomalyBody.safeParse({ ...base, endDate: '2026-12-24T08:00:00Z' }).success).toBe(true);
  });
});
