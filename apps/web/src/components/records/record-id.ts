/**
 * The `:id` of the address, or undefined when it cannot be a record's id. A module of its own so that a
 * screen reading an id (the calendar view) does not load the record page's states with it.
 */
export function parseRecordId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
