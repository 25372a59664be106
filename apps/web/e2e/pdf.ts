import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** pdfjs-dist's folder (its build, cmaps and standard fonts), from the repository's node_modules. */
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** A made-up origin, answered entirely by the route below: nothing leaves the browser. */
const origin = 'http://pdf-viewer.test';

const viewerHtml = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; padding: 0; background: #fff; }
  canvas { display: block; }
</style></head><body><canvas id="page"></canvas></body></html>`;

const types: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
};

/**
 * Renders the first page of `pdf` to a PNG at `pngPath` in the real browser: a new tab of the page's
 * context loads pdf.js (served from node_modules through a route), draws the page on a canvas at twice
 * the PDF's size (about 144 dpi) and screenshots the canvas. The caller's page is left as it was
 * (its cookies and routes are not needed: the PDF is passed as bytes).
 */
export async function renderPdfFirstPage(page: Page, pdf: Buffer, pngPath: string): Promise<void> {
  // A page made by `browser.newPage()` owns its context, which takes no other page: then a fresh one.
  const browser = page.context().browser();
  const viewer = await page
    .context()
    .newPage()
    .catch((error: unknown) => {
      if (!browser) throw error;
      return browser.newPage();
    });
  try {
    await viewer.route(`${origin}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: viewerHtml });
      if (pathname === '/document.pdf') return route.fulfill({ contentType: 'application/pdf', body: pdf });
      const file = path.resolve(pdfjsRoot, `.${decodeURIComponent(pathname.replace(/^\/pdfjs/, ''))}`);
      if (!pathname.startsWith('/pdfjs/') || !file.startsWith(`${pdfjsRoot}${path.sep}`))
        return route.fulfill({ status: 404, body: '' });
      const body = await readFile(file).catch(() => undefined);
      if (!body) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ contentType: types[path.extname(file)] ?? 'application/octet-stream', body });
    });
    await viewer.goto(`${origin}/`);
    const size = await viewer.evaluate(async (base) => {
      const pdfjs = await import(`${base}/pdfjs/build/pdf.mjs`);
      pdfjs.GlobalWorkerOptions.workerSrc = `${base}/pdfjs/build/pdf.worker.mjs`;
      const document = await pdfjs.getDocument({
        url: `${base}/document.pdf`,
        cMapUrl: `${base}/pdfjs/cmaps/`,
        cMapPacked: true,
        standardFontDataUrl: `${base}/pdfjs/standard_fonts/`,
      }).promise;
      const first = await document.getPage(1);
      const viewport = first.getViewport({ scale: 2 });
      const canvas = window.document.getElementById('page') as HTMLCanvasElement;
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      canvas.style.width = `${canvas.width}px`;
      canvas.style.height = `${canvas.height}px`;
      await first.render({ canvas, viewport }).promise;
      return { width: canvas.width, height: canvas.height };
    }, origin);
    await viewer.setViewportSize(size);
    await viewer.locator('#page').screenshot({ path: pngPath });
  } finally {
    await viewer.close();
  }
}
