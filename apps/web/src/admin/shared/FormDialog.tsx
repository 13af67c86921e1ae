import type { ReactNode } from 'react';
import { Modal, Spin, type ModalProps } from 'antd';
import { dialogWidth } from '@portal/shared';

interface FormDialogProps {
  title: ReactNode;
  open: boolean;
  onOk: () => void;
  onCancel: () => void;
  /** The save is running: the OK button shows it. */
  saving: boolean;
  width?: number;
  /** The record is loading: a veil over the form, and OK disabled. Absent: nothing to load. */
  loading?: boolean;
  /** OK refused for another reason (the record could not be read). */
  okDisabled?: boolean;
  /** What a particular dialog changes about the frame (the rich-text editor's focus and Esc). */
  modal?: Pick<ModalProps, 'focusable' | 'keyboard'>;
  children: ReactNode;
}

/**
 * The frame of the back office's edit dialogs: it does not close on a click outside, so a
 * half-typed record is not lost; the OK button shows the save; and it is rebuilt each time it
 * opens (destroyOnHidden), so nothing of the previous record stays in the next.
 */
export function FormDialog({ title, open, onOk, onCancel, saving, width = dialogWidth.small, loading, okDisabled, modal, children }: FormDialogProps) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onOk={onOk}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ disabled: Boolean(okDisabled) || Boolean(loading) }}
      mask={{ closable: false }}
      destroyOnHidden
      {...modal}
    >
      {loading === undefined ? children : <Spin spinning={loading}>{children}</Spin>}
    </Modal>
  );
}
