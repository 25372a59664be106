/**
 * Why a record, a QR URL or a figure cannot be sent to AEAT as it is: the field (AEAT's element name,
 * or a path such as `Desglose[2].TipoImpositivo`) and the rule it breaks. Nothing is sent when one is
 * thrown; the caller fixes its data (or its code) first.
 */
export class VerifactuValidationError extends Error {
  override readonly name = 'VerifactuValidationError';
  readonly field: string;
  readonly rule: string;

  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.field = field;
    this.rule = rule;
  }
}

/** Throws a `VerifactuValidationError` for `field` unless `condition` holds. */
export function check(condition: boolean, field: string, rule: string): asserts condition {
  if (!condition) throw new VerifactuValidationError(field, rule);
}
