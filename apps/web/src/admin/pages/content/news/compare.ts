import { diffLines, diffWords, type ChangeObject } from 'diff';
import { articleStatusNames, revisionFieldNames, type ArticleStatus, type NewsRevisionDto } from '@portal/shared';

/**
 * What 历史版本 and the 文章已被他人修改 dialog compare: two states of an article, field by field,
 * and their bodies as plain text, word by word.
 */

/** An article's compared fields: a revision, or what an editor is saving. */
export type ArticleSnapshot = Pick<
  NewsRevisionDto,
  'Title' | 'MenuName' | 'ImageUrl' | 'NewContent' | 'Status' | 'IsTop' | 'IsMemberRead' | 'NewsCreateTime' | 'OfflineTime' | 'Author'
>;

const yesNo = (on: boolean) => (on ? '是' : '否');

/** A field shown side by side: its label and how a state of the article shows it. */
export interface ComparedField {
  label: string;
  show: (a: ArticleSnapshot) => string;
}

/** The fields shown side by side (the body is compared as text below them), in the server's words. */
export const comparedFields: ComparedField[] = [
  { label: revisionFieldNames.Title, show: (a) => a.Title },
  { label: revisionFieldNames.MenuId, show: (a) => a.MenuName || '-' },
  { label: revisionFieldNames.ImageUrl, show: (a) => a.ImageUrl || '无' },
  { label: revisionFieldNames.Status, show: (a) => articleStatusNames[a.Status as ArticleStatus] ?? String(a.Status) },
  { label: revisionFieldNames.IsTop, show: (a) => yesNo(a.IsTop) },
  { label: revisionFieldNames.IsMemberRead, show: (a) => yesNo(a.IsMemberRead) },
  { label: revisionFieldNames.NewsCreateTime, show: (a) => a.NewsCreateTime || '保存时' },
  { label: revisionFieldNames.OfflineTime, show: (a) => a.OfflineTime || '不自动下线' },
  { label: revisionFieldNames.Author, show: (a) => a.Author || '-' },
];

/** Tags after which a block of text ends (as the server's body_text: content/plain-text.ts). */
const blocks = 'p,div,h1,h2,h3,h4,h5,h6,li,tr,td,th,br,table,ul,ol,blockquote';

/**
 * The text of a body, a paragraph a line. Parsed in an inert document (DOMParser runs no script
 * and loads no picture), so a body is never rendered to be compared.
 */
export function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(blocks).forEach((el) => el.after('\n'));
  return (doc.body.textContent ?? '')
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Chinese has no spaces between words: the browser's dictionary finds them. */
const words = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : undefined;

/**
 * Insertions and deletions from `before` to `after`, word by word; two bodies too different to
 * compare by words within a second and a half are compared by lines.
 */
export function textChanges(before: string, after: string): ChangeObject<string>[] {
  return diffWords(before, after, { intlSegmenter: words, timeout: 1500 }) ?? diffLines(before, after);
}
