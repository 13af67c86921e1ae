/**
 * A text cell for a file opened in Excel or LibreOffice: a leading = + - @ (or a tab or
 * carriage return) is prefixed with an apostrophe, so a value a visitor or member typed is
 * shown as text and never run as a formula (CSV/formula injection).
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell read back from such a file: the apostrophe defuseFormula added is taken off again. */
export function restoreDefused(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
