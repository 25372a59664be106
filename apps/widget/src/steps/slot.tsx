import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api, PublicAvailability } from '../api';
import { dayOf, formatDay, formatMonth, formatTime, isoDay, weekdayNames } from '../format';
import { useI18n } from '../i18n';
import { ErrorState, Loading, StepHeading } from './common';

export interface Slot {
  date: string;
  startsAt: string;
  freePlaces: number;
}

type Days = Map<string, PublicAvailability['days'][number]['slots']>;

/** How many months ahead the customer may page (the calendar's forecast usually ends sooner). */
const monthsAhead = 12;

/**
 * The day and time: a month grid where only days with a free start time can be chosen (the month's
 * availability read at once: at most 31 days, within the API's 62), then that day's times as buttons,
 * in the company's time zone, with the places left. The booking flow reads the product's availability;
 * the manage view passes `load` (a booking's start times to move to) and its own `heading`.
 */
export function SlotPicker(props: {
  api: Api;
  product: { id: number; name: string };
  load?: (from: string, to: string) => Promise<PublicAvailability>;
  heading?: string;
  timeZone: string;
  selected?: Slot;
  notice: string | null;
  onChoose: (slot: Slot) => void;
}) {
  const { t, language } = useI18n();
  const { timeZone } = props;
  const today = dayOf(Date.now(), timeZone);
  const start = props.selected?.date ?? today;
  const [month, setMonth] = useState({
    year: Number(start.slice(0, 4)),
    month: Number(start.slice(5, 7)) - 1,
  });
  const [days, setDays] = useState<Days | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [day, setDay] = useState<string | null>(props.selected?.date ?? null);
  // On opening, an empty month moves on to the next (twice at most): the first free day is shown.
  const skips = useRef(props.selected ? 2 : 0);
  const timesRef = useRef<HTMLHeadingElement>(null);

  const thisMonth = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) - 1 };
  const offset = (month.year - thisMonth.year) * 12 + month.month - thisMonth.month;

  useEffect(() => {
    let live = true;
    setDays(null);
    setError(null);
    const first = isoDay(month.year, month.month, 1);
    const from = [first, today].sort()[1]!;
    const to = isoDay(month.year, month.month + 1, 1);
    (props.load ?? ((f: string, to: string) => props.api.availability(props.product.id, f, to)))(
      from,
      to,
    ).then(
      (a) => {
        if (!live) return;
        const map: Days = new Map(
          a.days.filter((d) => d.slots.some((s) => s.freePlaces > 0)).map((d) => [d.date, d.slots]),
        );
        if (map.size === 0 && skips.current < 2 && offset < monthsAhead) {
          skips.current += 1;
          setMonth((m) => ({ year: m.month === 11 ? m.year + 1 : m.year, month: (m.month + 1) % 12 }));
          return;
        }
        skips.current = 2;
        setDays(map);
        setDay((d) => (d && map.has(d) ? d : null));
      },
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [month.year, month.month, attempt, props.product.id]);

  const move = (by: number) => {
    skips.current = 2;
    setMonth((m) => {
      const index = m.year * 12 + m.month + by;
      return { year: Math.floor(index / 12), month: index % 12 };
    });
  };

  const weekdays = weekdayNames(language);
  // Monday-first cells: blanks before the 1st, then each day of the month.
  const firstWeekday = (new Date(Date.UTC(month.year, month.month, 1)).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(month.year, month.month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: firstWeekday }, () => null),
    ...Array.from({ length }, (_, i) => isoDay(month.year, month.month, i + 1)),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const slots = day && days ? (days.get(day) ?? []) : [];
  const title = formatMonth(language, month.year, month.month);

  return (
    <section>
      <StepHeading>{props.heading ?? t('slot.heading')}</StepHeading>
      <p class="lead">{props.product.name}</p>
      {props.notice && (
        <p class="notice warn" role="alert">
          {props.notice}
        </p>
      )}
      <div class="calendar">
        <div class="month-nav">
          <button
            type="button"
            class="icon-button"
            onClick={() => move(-1)}
            disabled={offset <= 0}
            aria-label={t('slot.previousMonth')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <h2 class="month-title" aria-live="polite">
            {title}
          </h2>
          <button
            type="button"
            class="icon-button"
            onClick={() => move(1)}
            disabled={offset >= monthsAhead}
            aria-label={t('slot.nextMonth')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
        </div>
        {error ? (
          <ErrorState error={error} onRetry={() => setAttempt((a) => a + 1)} />
        ) : !days ? (
          <Loading label={t('slot.loading')} />
        ) : (
          <>
            <table class="month" aria-label={title}>
              <thead>
                <tr>
                  {weekdays.map((w) => (
                    <th scope="col" key={w.long} abbr={w.long}>
                      {w.short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.find(Boolean)}>
                    {week.map((d, i) =>
                      d ? (
                        <td key={d}>
                          <button
                            type="button"
                            class={`day${d === today ? ' today' : ''}`}
                            disabled={!days.has(d)}
                            aria-pressed={d === day}
                            aria-label={formatDay(language, d)}
                            aria-current={d === today ? 'date' : undefined}
                            onClick={() => {
                              setDay(d);
                              requestAnimationFrame(() => timesRef.current?.focus());
                            }}
                          >
                            {Number(d.slice(8))}
                          </button>
                        </td>
                      ) : (
                        <td key={`blank-${i}`} />
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            {days.size === 0 && <p class="hint">{t('slot.noDays')}</p>}
          </>
        )}
      </div>
      {days && day && (
        <div class="times-block">
          <h2 class="times-title" tabIndex={-1} ref={timesRef}>
            {t('slot.times', { date: formatDay(language, day) })}
          </h2>
          <ul class="times">
            {slots.map((s) => (
              <li key={s.startsAt}>
                <button
                  type="button"
                  class={`time${props.selected?.startsAt === s.startsAt ? ' selected' : ''}`}
                  disabled={s.freePlaces < 1}
                  onClick={() =>
                    props.onChoose({ date: day, startsAt: s.startsAt, freePlaces: s.freePlaces })
                  }
                >
                  <span class="time-value">{formatTime(language, s.startsAt, timeZone)}</span>
                  <span class="places">{t('slot.placesLeft', { count: s.freePlaces })}</span>
                </button>
              </li>
            ))}
          </ul>
          <p class="hint">{t('slot.timeZone', { zone: timeZone.replace(/_/g, ' ') })}</p>
        </div>
      )}
      {days && !day && days.size > 0 && <p class="hint">{t('slot.chooseDay')}</p>}
    </section>
  );
}
