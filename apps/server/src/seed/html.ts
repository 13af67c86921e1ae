import { memberLevels } from './vocabulary.js';

/**
 * Builders for the demo articles' HTML. Inputs are our own literal texts (no markup
 * characters), so nothing here escapes.
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
export const feeTable = () =>
  table(
    ['会员等级', '年度会费（元）'],
    memberLevels.map((l) => [l.name, l.fee]),
  );
