import { mailingMessages } from '@portal/shared';
import { badRequest } from '../../http/envelope.js';

/**
 * `{{变量}}` in a text: found, checked against the variables a text may use, and filled. The
 * mailings' templates (features/mailings/merge-fields.ts) and the system mails (system-mails.ts)
 * both write them, so a variable reads and is refused the same way in both.
 */

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables a text uses, each once, in order. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** Refuses the first variable not among `allowed` (模板中有未知的变量：{{…}}), so a typo never reaches members as a literal. */
export function checkVariablesOf(allowed: readonly string[], ...texts: string[]): void {
  const unknown = texts.flatMap(variablesIn).find((name) => !allowed.includes(name));
  if (unknown !== undefined) throw badRequest(mailingMessages.unknownVariable(unknown));
}

/**
 * Each known variable replaced by its value, `encode`d (escaped for HTML); an unknown one left as
 * written. One pass: a value that itself reads `{{…}}` (an article titled so) stays as written.
 */
export const fillVariables = (text: string, values: Readonly<Record<string, string>>, encode: (s: string) => string = (s) => s) =>
  text.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name]!) : whole));
