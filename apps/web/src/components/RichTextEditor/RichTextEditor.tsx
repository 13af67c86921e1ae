import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './types';

/** TinyMCE is large: it is fetched only when an editor is first shown, never by the public pages. */
const TinyEditor = lazy(() => import('./TinyEditor'));

/** The rich-text editor (spec §9), a lazily loaded TinyMCE usable as an antd form control. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
      <TinyEditor {...props} />
    </Suspense>
  );
}
