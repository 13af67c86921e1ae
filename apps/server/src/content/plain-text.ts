const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Tags after which the text of one block ends, so words of two paragraphs never run together. */
const blockEnd = /<\/?(?:p|div|h[1-6]|li|tr|td|th|br|table|ul|ol|blockquote)\b[^>]*>/gi;

/**
 * The text of an HTML body without tags or entities, whitespace collapsed: news.body_text,
 * which search and list excerpts read. Bodies are sanitised first (./sanitize.ts), so this
 * only has to find the words, not defuse anything.
 */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(blockEnd, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
