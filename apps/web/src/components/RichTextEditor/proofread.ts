import type { Editor } from 'tinymce';

/**
 * 校对 in the editor (docs/inspection.md, 易错词): the server finds wrong and sensitive words
 * (CheckArticleText); here they are marked in the editing area and replaced on request.
 *
 * The marks are TinyMCE annotations registered as not persistent: they are drawn in the editing
 * area but never part of getContent, so they are never saved, and adding them is kept out of the
 * undo history. A word is found within one stretch of text: one split by formatting
 * (按<b>装</b>) is listed by the server but neither marked nor replaced here.
 */

const ANNOTATION = 'proofread';

export interface ProofMark {
  word: string;
  /** The right form; null for a sensitive word, which has none to offer. */
  suggestion: string | null;
  serious: boolean;
}

/** The editor's handle on its marks, for the 校对 panel beside it. */
export interface Proofreader {
  /** Marks every occurrence of these words, replacing the marks there were. */
  mark(marks: readonly ProofMark[]): void;
  /** Replaces every occurrence of `word` by `by`, as one undo step; answers how many were replaced. */
  replace(word: string, by: string): number;
  /** Selects the first occurrence of `word` and scrolls it into view; false when there is none. */
  locate(word: string): boolean;
}

/** Styles of the marks inside the editing area (the editor's content_style). */
export const proofreadStyle =
  '.proof-mark{background:#fff1b8;border-bottom:2px solid #d48806}.proof-mark.proof-serious{background:#ffccc7;border-bottom-color:#cf1322}';

export function registerProofreading(editor: Editor): void {
  editor.annotator.register(ANNOTATION, {
    persistent: false,
    decorate: (_uid, data) => ({
      classes: ['proof-mark', ...(data.serious ? ['proof-serious'] : [])],
      attributes: { title: data.suggestion ? `建议改为「${data.suggestion}」` : '敏感词，请删除或改写' },
    }),
  });
}

/** Each text node of the editing area holding `word`, with the offsets of the word in it. */
function occurrences(editor: Editor, word: string): { node: Text; starts: number[] }[] {
  const found: { node: Text; starts: number[] }[] = [];
  const doc = editor.getDoc();
  const walker = doc.createTreeWalker(editor.getBody(), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const starts: number[] = [];
    for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + word.length)) starts.push(at);
    if (starts.length) found.push({ node, starts });
  }
  return found;
}

export function proofreaderOf(editor: Editor): Proofreader {
  return {
    mark(marks) {
      editor.undoManager.ignore(() => {
        editor.annotator.removeAll(ANNOTATION);
        const bookmark = editor.selection.getBookmark(2, true);
        for (const mark of marks) {
          if (!mark.word) continue;
          for (const { node, starts } of occurrences(editor, mark.word)) {
            // Last first: wrapping an occurrence splits the text node after it, so the earlier offsets stay valid.
            for (const start of [...starts].reverse()) {
              const range = editor.dom.createRng();
              range.setStart(node, start);
              range.setEnd(node, start + mark.word.length);
              editor.selection.setRng(range);
              editor.annotator.annotate(ANNOTATION, { ...mark });
            }
          }
        }
        editor.selection.moveToBookmark(bookmark);
      });
    },
    replace(word, by) {
      if (!word) return 0;
      let replaced = 0;
      // One undo level, whose adding tells the form of the change (TinyMCE's 'change' event).
      editor.undoManager.transact(() => {
        editor.annotator.removeAll(ANNOTATION);
        // Unwrapped marks leave the word in text nodes of its own: joined again before searching.
        editor.getBody().normalize();
        for (const { node, starts } of occurrences(editor, word)) {
          replaced += starts.length;
          node.data = node.data.split(word).join(by);
        }
      });
      return replaced;
    },
    locate(word) {
      const first = occurrences(editor, word)[0];
      if (!first) return false;
      const range = editor.dom.createRng();
      range.setStart(first.node, first.starts[0]!);
      range.setEnd(first.node, first.starts[0]! + word.length);
      editor.selection.setRng(range);
      editor.selection.scrollIntoView();
      editor.focus();
      return true;
    },
  };
}
