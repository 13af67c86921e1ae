import { mergeVariables, type MergeVariable } from '@portal/shared';
import { stripHtml } from '../../content/plain-text.js';
import { checkVariablesOf, fillVariables, variablesIn } from '../mail/merge-text.js';
import { escapeHtml } from '../../content/escape-html.js';

/**
 * Merge variables: a template writes `{{公司名称}}` and each recipient's mail has their own value
 * there. Only the names of `mergeVariables` are known; a template naming another is refused when
 * saved, so a typo never reaches members as a literal `{{公司名}}`.
 */

/** Refuses the first variable that is not one of the mailings' (mergeVariables). */
export const checkVariables = (...texts: string[]): void => checkVariablesOf(mergeVariables, ...texts);

/** Whether a text needs the mailing's activity. */
export const usesActivity = (...texts: string[]) => texts.flatMap(variablesIn).some((name) => name === '活动名称' || name === '活动时间');

export type MergeValues = Record<MergeVariable, string>;

export interface RenderedMail {
  subject: string;
  html: string;
  /** The plain-text part: the HTML's text, with the links written out. */
  text: string;
}

/** A mailing as one recipient reads it: values escaped in the HTML (a company name with "<" stays text). */
export function render(subject: string, body: string, values: MergeValues): RenderedMail {
  const html = fillVariables(body, values, escapeHtml);
  return { subject: fillVariables(subject, values), html, text: plainText(html) };
}

/** The text part keeps each link's address after its words ("报名（https://…）"): plain text has no links to click. */
const plainText = (html: string) =>
  stripHtml(html.replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, words: string) => `${words}（${href}）`));
