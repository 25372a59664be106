import { type SQL, sql } from 'drizzle-orm';

/** Accents folded for search, so "garcia" finds "García"; `translate` is immutable, `unaccent` is not. */
export const accented = 'áàâäãåéèêëíìîïóòôöõúùûüýÿñç';
export const plain = 'aaaaaaeeeeiiiiooooouuuuyync';

/** The search term folded as the search columns are: lower case, accents off. */
export function foldForSearch(term: string): string {
  const lower = term.toLowerCase();
  return [...lower]
    .map((c) => {
      const i = accented.indexOf(c);
      return i < 0 ? c : plain[i];
    })
    .join('');
}

/** `translate(lower(<texts joined by spaces>), accented, plain)`: the expression of a search column. */
export function foldedSearchText(columns: string[]): SQL {
  const joined = columns.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ");
  return sql.raw(`translate(lower(${joined}), '${accented}', '${plain}')`);
}
