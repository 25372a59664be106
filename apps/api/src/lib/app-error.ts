import { ErrorCode, type ErrorKey, errorMessage, errorStatus, type FieldError } from '@mostrador/contract';

/** The one error type services throw; the error handler turns it into the contract's envelope. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly details?: FieldError[] | Record<string, unknown>;

  constructor(key: ErrorKey, details?: FieldError[] | Record<string, unknown>, message?: string) {
    super(message ?? errorMessage[key]);
    this.code = ErrorCode[key];
    this.status = errorStatus[key];
    this.details = details;
  }
}

export const notFound = () => new AppError('notFound');
export const forbidden = () => new AppError('forbidden');
export const invalid = (field: string, message: string) => new AppError('validation', [{ field, message }]);
