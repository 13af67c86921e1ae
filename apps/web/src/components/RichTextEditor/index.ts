export { RichTextEditor } from './RichTextEditor';
export type { RichTextEditorProps } from './types';
