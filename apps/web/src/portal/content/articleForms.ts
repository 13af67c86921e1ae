import { formPath } from '@portal/shared';

/**
 * Forms embedded in an article (docs/decisions.md, "Forms in articles: a link on a line of its
 * own"). An editor embeds a form by putting a link to its address, /form/12, alone in a
 * paragraph; any other link to a form stays a link. The body is cut around those paragraphs,
 * which are kept as they are: they are what the server draws and what a reader without
 * JavaScript follows.
 */
export type ArticlePart = { html: string } | { html: string; formId: number };

const SPACE = String.raw`(?:\s|&nbsp;)*`;
/** A paragraph of one link to a form's page, nothing else but spaces; the link holds text and inline marks, no other link. */
const FORM_PARAGRAPH = new RegExp(
  String.raw`<p(?:\s[^>]*)?>${SPACE}<a\s(?:[^>]*\s)?href="${formPath(0).slice(0, -1)}(\d{1,9})"[^>]*>(?:(?!<\/?(?:a|p)\b)[\s\S])*<\/a>${SPACE}<\/p>`,
  'gi',
);

export function articleParts(html: string): ArticlePart[] {
  const parts: ArticlePart[] = [];
  let from = 0;
  for (const match of html.matchAll(FORM_PARAGRAPH)) {
    if (match.index > from) parts.push({ html: html.slice(from, match.index) });
    parts.push({ html: match[0], formId: Number(match[1]) });
    from = match.index + match[0].length;
  }
  if (from < html.length || parts.length === 0) parts.push({ html: html.slice(from) });
  return parts;
}
