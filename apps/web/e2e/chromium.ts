/**
 * How the browser suite starts Debian's Chromium: its executable and the flags that keep it off the
 * network and quiet on two cores. playwright.config.ts uses it; a spec that needs more flags (the QR
 * scanner's fake camera) adds them to `chromiumArgs`.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
