/**
 * The export answer's header with the number of rows the file will have, for the web's progress. Apart from
 * exports.ts (its schemas): every list screen's export button reads it without loading zod.
 */
export const exportRowsHeader = 'x-export-rows';
