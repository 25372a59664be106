/**
 * Stubs jsdom lacks and antd needs (`matchMedia` for the responsive grid, `ResizeObserver` for tables and
 * menus), and unmounting after each test. Safe to import more than once and in a node environment.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

if (typeof window !== 'undefined' && !(window as { __mostradorTestSetup?: boolean }).__mostradorTestSetup) {
  (window as { __mostradorTestSetup?: boolean }).__mostradorTestSetup = true;
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // jsdom does not compute pseudo-element styles and says so on every antd scrollbar measurement.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  // Rendering antd under jsdom on a small machine takes seconds per test, and more beside the API's
  // tests in the same run (CI saw the supplier form's test, 11–16 s alone, pass 20 s).
  vi.setConfig({ testTimeout: 45_000 });
  // For the same reason a `findBy` waits 5 s rather than 1 s: a form's validation under a loaded CI
  // machine took longer than a second (pack-credit-section's "Say how many sessions…").
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => cleanup());
}
