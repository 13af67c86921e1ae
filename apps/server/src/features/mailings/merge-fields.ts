import { mailingMessages, mergeVariables, type MergeVariable } from '@portal/shared';
import { stripHtml } from '../../content/plain-text.js';
import { badRequest } from '../../http/envelope.js';

/**
 * Merge variables: a template writes `{{公司名称}}` and each recipient's mail has their own value
 * there. Only the names of `mergeVariables` are known; a template naming another is refused when
 * saved, so a typo never reaches members as a literal `{{公司名}}`.
 */

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables a text uses, each once, in order. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** Refuses the first variable that is not one of ours (模板中有未知的变量：{{…}}). */
export function checkVariables(...texts: string[]): void {
  const unknown = texts.flatMap(variablesIn).find((name) => !(mergeVariables as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(mailingMessages.unknownVariable(unknown));
}

/** Whether a text needs the mailing's activity. */
export const usesActivity = (...texts: string[]) => texts.flatMap(variablesIn).some((name) => name === '活动名称' || name === '活动时间');

export type MergeValues = Record<MergeVariable, string>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fill = (text: string, values: MergeValues, encode: (s: string) => string) =>
  text.replace(VARIABLE, (whole, name: string) => (name in values ? encode(values[name as MergeVariable]) : whole));

export interface RenderedMail {
  subject: string;
  html: string;
  /** The plain-text part: the HTML's text, with the links written out. */
  text: string;
}

/** A mailing as one recipient reads it: values escaped in the HTML (a company name with "<" stays text). */
export function render(subject: string, body: string, values: MergeValues): RenderedMail {
  const html = fill(body, values, escapeHtml);
  return { subject: fill(subject, values, (s) => s), html, text: plainText(html) };
}

/** The text part keeps each link's address after its words ("报名（https://…）"): plain text has no links to click. */
const plainText = (html: string) =>
  stripHtml(html.replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, words: string) => `${words}（${href}）`));
