import { memberLevels } from './vocabulary.js';

/**
 * Builders for the demo articles' HTML, and the plain-text form the search index reads.
 * Inputs are our own literal texts (no markup characters), so nothing here escapes.
 */
export const p = (html: string) => `<p>${html}</p>`;
export const indented = (html: string) => `<p style="text-indent: 2em;">${html}</p>`;
export const h3 = (text: string) => `<h3>${text}</h3>`;
export const strong = (text: string) => `<strong>${text}</strong>`;
export const ul = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
export const ol = (items: readonly string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
export const image = (src: string) => `<p style="text-align: center;"><img src="${src}" alt="" style="max-width: 100%;"></p>`;
/** The closing lines of an official notice: issuer and date, right-aligned. */
export const signature = (issuer: string, date: string) => `<p style="text-align: right;">${issuer}<br>${date}</p>`;

export function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = (tag: 'th' | 'td', values: readonly (string | number)[]) => values.map((v) => `<${tag}>${v}</${tag}>`).join('');
  return (
    '<table border="1" style="border-collapse: collapse; width: 100%;">' +
    `<thead><tr>${cells('th', head)}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${cells('td', r)}</tr>`).join('')}</tbody></table>`
  );
}

/** The yearly membership fees, quoted in the joining page and the fee notices. */
export const feeTable = () => table(['会员等级', '年度会费（元）'], memberLevels.map((l) => [l.name, l.fee]));

const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Tags after which the text of one block ends, so words of two paragraphs never run together. */
const blockEnd = /<\/?(?:p|div|h[1-6]|li|tr|td|th|br|table|ul|ol|blockquote)\b[^>]*>/gi;

/** The text of an HTML body without tags or entities, whitespace collapsed (news.body_text). */
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
