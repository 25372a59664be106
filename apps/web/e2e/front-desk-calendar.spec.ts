import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  type Login,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
} from './support';

/**
 * The front desk's calendar: a busy month with every booking (over 500, aggregated into "+N more"), the
 * calendars side by side in their colours with a legend, a class as one block opening its attendees, and
 * the phone's agenda. A company of its own, signed in through the API, its data made through the API.
 */
let company: Login;

test.beforeAll(async () => {
  company = await newCompany();
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A date of the company's time zone (the demo's, Europe/Madrid) as YYYY-MM-DD, `days` after today. */
function dayFromToday(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}
/** Next month in the company's time zone, as year and month (1–12). */
function nextMonth(): { year: number; month: number } {
  const [year, month] = dayFromToday(0).split('-').map(Number) as [number, number];
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** FullCalendar's "today" is disabled while today is shown. */
async function goToToday(page: Page) {
  const today = page.getByTestId('bookings-calendar').locator('.fc-today-button');
  if (await today.isEnabled()) await today.click();
}

const everyDay = (openAt: string, closedAt: string) => {
  const day = [{ openAt, closedAt }];
  return {
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
    sunday: day,
  };
};

interface Setup {
  studioId: number;
  cabinId: number;
  yogaId: number;
  massageId: number;
  customers: number[];
}

/** A yoga studio (30 places, its own blue), a massage cabin (one place, the palette's colour), their products. */
async function setUp(page: Page): Promise<Setup> {
  const studio = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: 'Sala de yoga',
    color: '#1677ff',
    schedule: everyDay('07:00', '22:00'),
    duration: 60,
    maximumConcurrentBookings: 30,
  });
  const cabin = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: 'Cabina de masajes',
    schedule: everyDay('07:00', '22:00'),
    duration: 60,
  });
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const product = (name: string, calendarId: number) =>
    apiCall<{ id: number }>(page, 'POST', '/admin/products', {
      name,
      type: 'bookable',
      price: 15,
      taxType: taxes.items[0]?.id,
      durationInMinutes: 60,
      bookingCalendarId: calendarId,
    });
  const yoga = await product('Hatha yoga', studio.id);
  const massage = await product('Quiromasaje', cabin.id);
  const customers: number[] = [];
  for (const [name, surname] of [
    ['Aitana', 'Ibarra'],
    ['Bruno', 'Sanz'],
    ['Carla', 'Ortiz'],
  ]) {
    customers.push((await apiCall<{ id: number }>(page, 'POST', '/admin/customers', { name, surname })).id);
  }
  return { studioId: studio.id, cabinId: cabin.id, yogaId: yoga.id, massageId: massage.id, customers };
}

async function book(page: Page, body: Record<string, unknown>) {
  return apiCall<{ id: number }>(page, 'POST', '/admin/bookings', body);
}

/**
 * 520 bookings over next month's 2nd to 27th: 20 a day on the studio, two per hour from 08:00, so each
 * hour is a class of two (the 1st stays free: tomorrow may be the 1st). Sent ten at a time (the calendar
 * takes them one by one).
 */
async function busyMonth(page: Page, s: Setup) {
  const { year, month } = nextMonth();
  const bodies = [];
  for (let day = 2; day <= 27; day++) {
    for (let n = 0; n < 20; n++) {
      bodies.push({
        bookingCalendarId: s.studioId,
        productId: s.yogaId,
        customerId: s.customers[n % 2] as number,
        startsAt: `${year}-${pad(month)}-${pad(day)}T${pad(8 + Math.floor(n / 2))}:00`,
      });
    }
  }
  for (let i = 0; i < bodies.length; i += 10)
    await Promise.all(bodies.slice(i, i + 10).map((body) => book(page, body)));
  return bodies.length;
}

test.describe('front desk calendar', () => {
  // The screenshots read the first test's month.
  test.describe.configure({ mode: 'serial' });

  test('every booking of a busy month, side by side calendars, a class and the phone agenda', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logIn(page, company, { language: 'en' });
    const s = await setUp(page);
    expect(await busyMonth(page, s)).toBe(520);

    // Tomorrow at 10:00: a yoga class of three and a massage at the same time.
    const tomorrow = dayFromToday(1);
    for (const customerId of s.customers)
      await book(page, {
        bookingCalendarId: s.studioId,
        productId: s.yogaId,
        customerId,
        startsAt: `${tomorrow}T10:00`,
      });
    await book(page, {
      bookingCalendarId: s.cabinId,
      productId: s.massageId,
      customerId: s.customers[0],
      startsAt: `${tomorrow}T10:00`,
    });

    // The month view of next month: one read of the whole range, every booking in it.
    await page.goto('/calendars/view');
    const view = page.getByTestId('bookings-calendar');
    await view.locator('.fc-dayGridMonth-button').click();
    await expect(view.locator('.fc-dayGridMonth-view')).toBeVisible();
    // Next month's read (its grid starts after today), not a late answer for this month.
    const answer = page.waitForResponse((r) => {
      if (!r.url().includes('/admin/bookings/range')) return false;
      return Date.parse(new URL(r.url()).searchParams.get('from') ?? '') > Date.now();
    });
    await view.locator('.fc-next-button').click();
    const range = (await (await answer).json()) as { data: { bookings: unknown[] } };
    expect(range.data.bookings.length).toBeGreaterThanOrEqual(520);
    // The 27th, late in the month, is as full as the 2nd: four blocks and "+6 more" (ten classes a day).
    const { year, month } = nextMonth();
    const lateDay = view.locator(`.fc-daygrid-day[data-date="${year}-${pad(month)}-27"]`);
    await expect(lateDay.locator('.fc-daygrid-more-link')).toHaveText('+6 more');
    await lateDay.locator('.fc-daygrid-more-link').click();
    await expect(page.locator('.fc-popover .fc-event')).toHaveCount(10);
    await page.locator('.fc-popover-close').click();
    await expect(view.locator('.fc-toolbar-title')).toHaveText(/^[A-Z]/);
    expect(await seriousViolations(page), 'month').toEqual([]);

    // Day view, tomorrow: the two calendars side by side under a legend, each in its colour (by name:
    // the cabin's band first).
    await view.locator('.fc-timeGridDay-button').click();
    await goToToday(page);
    await view.getByRole('button', { name: 'Next day' }).click();
    const legend = page.getByTestId('calendar-legend');
    await expect(legend).toContainText('Sala de yoga');
    await expect(legend).toContainText('Cabina de masajes');
    await expect(view.getByTestId('calendar-bands').first()).toHaveText('Cabina de masajesSala de yoga');
    const yogaClass = view.locator('.fc-event.booking-class').filter({ hasText: 'Hatha yoga' });
    await expect(yogaClass).toHaveCount(1);
    await expect(yogaClass.getByTestId('class-places')).toHaveText('3/30');
    await expect(yogaClass).toHaveCSS('background-color', 'rgb(22, 119, 255)');
    const massage = view.locator('.fc-event').filter({ hasText: 'Quiromasaje' });
    const left = await massage.boundingBox();
    const right = await yogaClass.boundingBox();
    if (!left || !right) throw new Error('no boxes');
    // Side by side at the same time: the cabin's band on the left, the studio's on the right.
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 2);
    expect(Math.abs(right.y - left.y)).toBeLessThan(2);
    expect(await seriousViolations(page), 'day').toEqual([]);

    // The class opens its attendees; each opens its booking, its start a local time.
    await yogaClass.click();
    const attendees = page.getByTestId('class-attendees');
    await expect(attendees).toContainText('3 of 30 places taken');
    await expect(attendees.getByRole('listitem')).toHaveCount(3);
    await attendees.getByRole('button', { name: 'Open the booking of Bruno Sanz' }).click();
    const drawer = page.getByTestId('booking-drawer');
    await expect(page.getByText('Booking of Bruno Sanz')).toBeVisible();
    await expect(drawer.getByTestId('booking-time')).toContainText('10:00');
    await expect(drawer.getByTestId('booking-time')).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await page.keyboard.press('Escape');

    // The week view keeps the bands.
    await view.locator('.fc-timeGridWeek-button').click();
    await expect(view.locator('.fc-timeGridWeek-view')).toBeVisible();
    await expect(view.getByTestId('calendar-bands')).toHaveCount(7);

    // On a phone, the week's agenda (the week the calendar showed, tomorrow's): the class as one line.
    await page.setViewportSize({ width: 390, height: 844 });
    const agenda = page.getByTestId('bookings-agenda');
    await expect(agenda).toBeVisible();
    const tomorrowInAgenda = agenda.getByTestId(`agenda-day-${tomorrow}`);
    await expect(tomorrowInAgenda).toContainText('Hatha yoga · 3/30');
    await expect(tomorrowInAgenda).toContainText('Aitana Ibarra');
    expect(await seriousViolations(page), 'agenda').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('screenshots of the month, the side by side week and the agenda, in Spanish and English', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, company);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/calendars/view');
      const view = page.getByTestId('bookings-calendar');
      await view.locator('.fc-dayGridMonth-button').click();
      await view.locator('.fc-next-button').click();
      await expect(view.locator('.fc-daygrid-more-link').first()).toBeVisible();
      // FullCalendar's buttons in the language, capitalised.
      await expect(view.locator('.fc-today-button')).toHaveText(language === 'es' ? 'Hoy' : 'Today');
      await expect(view.locator('.fc-timeGridWeek-button')).toHaveText(language === 'es' ? 'Semana' : 'Week');
      await screenshots(page, `front-desk-month-${language}`);
      await view.locator('.fc-timeGridWeek-button').click();
      await goToToday(page);
      await expect(page.getByTestId('calendar-legend')).toBeVisible();
      await screenshots(page, `front-desk-week-${language}`);
      await view.locator('.fc-timeGridDay-button').click();
    }
  });
});
