import type { ReactNode } from 'react';
import { dialogWidth } from '@portal/shared';
import { FormDialog } from './FormDialog';

interface EditorDialogProps {
  title: string;
  open: boolean;
  onOk: () => void;
  onCancel: () => void;
  /** The save is running: the OK button shows it. */
  saving: boolean;
  /** The record is loading: a veil over the form, and OK disabled. */
  loading: boolean;
  children: ReactNode;
}

/**
 * The frame of a dialog holding TinyMCE: it traps no focus and ignores Esc. TinyMCE opens its
 * dialogs (link, image, table…) outside this one, a focus trap would steal their inputs' focus,
 * and the Esc that closes one of them would close the record unsaved.
 */
export const richTextFrame = { focusable: { trap: false }, keyboard: false };

/**
 * The 1000 px dialog of a record with a rich-text body (文章, 活动), read by id: it does not close
 * on a click outside or on Esc (richTextFrame).
 */
export function EditorDialog({ title, open, onOk, onCancel, saving, loading, children }: EditorDialogProps) {
  return (
    <FormDialog title={title} open={open} width={dialogWidth.large} onOk={onOk} onCancel={onCancel} saving={saving} loading={loading} modal={richTextFrame}>
      {children}
    </FormDialog>
  );
}
