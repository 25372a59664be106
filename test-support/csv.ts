/**
 * Test support shared by the API's Vitest suite and the web's Playwright specs (pure: it imports nothing,
 * so either side's runner loads it as it is). Not shipped: no build reads this folder.
 */

/**
 * A CSV as the server writes it (lib/tabular.ts and the reports' sheet writer: a byte-order mark first,
 * `;` between cells, quotes doubled, CRLF after each row) read into rows of cells. The mark is skipped
 * when present (whoever wants it checks it); a last row without its CRLF is read too.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
