import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Noto Sans CJK SC ("Noto Sans Hans", from @embedpdf/fonts-sc): one family whose glyphs cover Latin with
 * its accents, Greek, Cyrillic and Chinese, so the ten interface languages and the names customers and
 * products are given in them print with one font. pdfkit embeds only the glyphs a document uses. Read
 * once per process (a failed read is tried again next time).
 */
const fontFiles = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } as const;
let fontsLoading: Promise<Record<keyof typeof fontFiles, Buffer>> | undefined;

export function loadPdfFonts() {
  fontsLoading ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    const [regular, bold] = await Promise.all([
      readFile(path.join(dir, fontFiles.regular)),
      readFile(path.join(dir, fontFiles.bold)),
    ]);
    return { regular, bold };
  })().catch((error: unknown) => {
    fontsLoading = undefined;
    throw error;
  });
  return fontsLoading;
}
