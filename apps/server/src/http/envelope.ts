import { Code, codeMessages, messages } from '@portal/shared';

/** The answer of every call: `{ Code, Message, Data }` (docs/api.md). */
export interface Envelope<T = unknown> {
  Code: number;
  Message: string;
  Data: T;
}

export interface ListData<T> {
  List: T[];
  TotalCount: number;
}

export function ok<T>(Data: T, Message: string = messages.ok): Envelope<T> {
  return { Code: Code.Ok, Message, Data };
}

export function list<T>(List: T[], TotalCount: number): Envelope<ListData<T>> {
  return ok({ List, TotalCount });
}

/** A keyword search's list: TotalCapped when it has more matches than it lists (searchLimits). */
export function searchList<T>(List: T[], TotalCount: number, TotalCapped: boolean): Envelope<ListData<T> & { TotalCapped: boolean }> {
  return ok({ List, TotalCount, TotalCapped });
}

/**
 * A business outcome other than success. Thrown anywhere below a route; the error handler
 * turns it into an envelope with HTTP 200, because the spec's client reads `Code`.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'AppError';
  }
}

export function defaultMessage(code: number): string {
  return (codeMessages as Record<number, string>)[code] ?? codeMessages.default;
}

export const badRequest = (message: string = messages.badParameter) => new AppError(Code.BadRequest, message);
export const notFound = (message: string = messages.notFound) => new AppError(Code.NotFound, message);
export const forbidden = (message?: string) => new AppError(Code.Forbidden, message);
