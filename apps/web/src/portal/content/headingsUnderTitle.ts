const HEADING_TAG = /<(\/?)h([1-6])\b/gi;

/**
 * An article's body with its headings moved to sit under the page's own h1 (the article's
 * title): the body's highest heading becomes h2 and the others keep their distance from it, so
 * screen readers and search engines read one outline with no skipped level. Editors pick heading
 * sizes by look (a body starting at 标题3 is common), which is why the levels are relative.
 */
export function headingsUnderTitle(html: string): string {
  let highest = 7;
  for (const [, closing, level] of html.matchAll(HEADING_TAG)) if (!closing) highest = Math.min(highest, Number(level));
  if (highest === 7 || highest === 2) return html;
  const shift = 2 - highest;
  return html.replace(HEADING_TAG, (_tag, closing: string, level: string) => `<${closing}h${Math.min(Number(level) + shift, 6)}`);
}
