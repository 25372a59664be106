import { ErrorCode, type ErrorKey } from '@mostrador/contract';

/** The numeric code of a refusal the API names by key (a lookup's `refusal`), for `errors.<code>`. */
export function errorCodeOf(key: ErrorKey): number {
  return ErrorCode[key];
}
