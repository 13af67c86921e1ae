import type { Editor } from 'tinymce';

/** The format and toolbar button names of the first-line indent (spec §9 "indent2em"). */
export const indent2em = 'indent2em';

/** Blocks whose first line may be indented. */
const indentable = 'p,h1,h2,h3,h4,h5,h6,div,li,td,th,blockquote';

/** The format, given to the editor's `formats` option. */
export const indent2emFormat = { selector: indentable, styles: { textIndent: '2em' } };

/**
 * 首行缩进: TinyMCE has no such plugin (the original used a community one); a toggle button
 * over a block format does the same: text-indent 2em on the selected blocks, or off again.
 */
export function registerIndent2em(editor: Editor): void {
  editor.ui.registry.addToggleButton(indent2em, {
    icon: 'indent',
    text: '首行缩进',
    tooltip: '首行缩进',
    onAction: () => editor.formatter.toggle(indent2em),
    onSetup: (api) => editor.formatter.formatChanged(indent2em, (active) => api.setActive(active)).unbind,
  });
}
