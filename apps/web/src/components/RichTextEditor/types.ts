import type { Proofreader } from './proofread';

/** Props of the rich-text editor: a form control holding HTML. */
export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  readonly?: boolean;
  /** The upload call for pictures, attachments and media (default: the back office's UploadFile). */
  uploadUrl?: string;
  /** Whose token uploads carry. */
  uploadSide?: 'admin' | 'member';
  /** Set once the editor is ready: puts text at the caret (会员通知's merge variables). */
  inserter?: { current: ((text: string) => void) | null };
  /** Set once the editor is ready: marks and replaces the words 校对 found (proofread.ts). */
  proofreader?: { current: Proofreader | null };
}
