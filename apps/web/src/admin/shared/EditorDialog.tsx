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
 * The 1000 px dialog of a record with a rich-text body (文章, 活动). It does not close on a click
 * outside or on Esc, and traps no focus: TinyMCE opens its dialogs (link, image, table…) outside
 * this one, a focus trap would steal their inputs' focus, and the Esc that closes one of them
 * would close the record unsaved.
 */
export function EditorDialog({ title, open, onOk, onCancel, saving, loading, children }: EditorDialogProps) {
  return (
    <FormDialog
      title={title}
      open={open}
      width={dialogWidth.large}
      onOk={onOk}
      onCancel={onCancel}
      saving={saving}
      loading={loading}
      modal={{ focusable: { trap: false }, keyboard: false }}
    >
      {children}
    </FormDialog>
  );
}
