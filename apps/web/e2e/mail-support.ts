import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real mail server for a spec (the `smtp-server` package) on a free local port, without TLS
 * (security "none" in the settings): it accepts any login, keeps what it receives, answers
 * "250 Ok: queued as <n>", and refuses with a permanent 550 the recipients `refuse` names.
 */
export async function startSmtpServer({ refuse }: { refuse?: (address: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address))
        callback(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, `Ok: queued as ${received.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The mails received for `address` so far. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    /** Waits (the outbox's sweep runs once a minute) until `count` mails reached `address`. */
    async waitFor(address: string, count = 1, timeout = 150_000) {
      await expect
        .poll(() => received.filter((mail) => mail.to.includes(address)).length, {
          timeout,
          intervals: [1000],
          message: `mails received for ${address}`,
        })
        .toBeGreaterThanOrEqual(count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * axe's serious and critical findings, as support's `seriousViolations` measures them, outside the
 * frames that show a mail: those are sandboxed without scripts (`sandbox=""`), so axe, which runs a
 * script in every frame, would wait for them forever; what they show is the mail's HTML, not the app's.
 */
export async function seriousViolationsBesideMails(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) =>
        Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)),
      )
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/**
 * Screenshots at desktop (1280 px) and phone (390 px) width, named as support's `screenshots` names
 * them, for the screens that show a mail in a sandboxed frame. Playwright's "network idle" waits on every
 * frame, and a frame without scripts never reports it: this waits for what `ready` checks and for the
 * page's transitions to end instead. A full page is shot with the window as tall as the page, so that
 * Chromium paints the frames below the fold and the sticky form footer sits at the end, where it
 * belongs; `fullPage: false` keeps to the viewport (a drawer or a dialog over the page).
 */
export async function settledScreenshots(
  page: Page,
  name: string,
  { ready, fullPage = true }: { ready?: () => Promise<void>; fullPage?: boolean } = {},
) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForLoadState('load');
    if (ready) await ready();
    if (fullPage) {
      await page.evaluate(() => window.scrollTo(0, 0));
      // As tall as the page, until the page's height holds (the layout follows the new width a
      // render later, and the app's frame is at least as tall as the window).
      let tall: number = height;
      for (let round = 0; round < 5; round++) {
        const measured = await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  // The content's own end: <main> itself stretches to fill the window.
                  const main = document.querySelector('main');
                  const ends = [...(main?.children ?? [])].map((c) => c.getBoundingClientRect().bottom);
                  const padding = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) : 0;
                  const footer = document.querySelector('footer')?.getBoundingClientRect().height ?? 0;
                  resolve(Math.ceil(Math.max(0, ...ends) + window.scrollY + padding + footer));
                }),
              ),
            ),
        );
        const next = Math.max(height, measured);
        if (next === tall && round > 0) break;
        tall = next;
        await page.setViewportSize({ width, height: tall });
      }
      if (ready) await ready();
    }
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().length), { timeout: 10_000 })
      .toBe(0);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
