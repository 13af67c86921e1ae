import type { ReactNode } from 'react';
import { Modal, Spin, type ModalProps } from 'antd';
import { dialogWidth } from '@portal/shared';

interface FrameProps {
  title: ReactNode;
  open: boolean;
  onCancel: () => void;
  width?: number;
  /** The record is loading: a veil over the form, and OK disabled. Absent: nothing to load. */
  loading?: boolean;
  /** OK refused for another reason (the record could not be read, nothing chosen yet). */
  okDisabled?: boolean;
  /**
   * What a particular dialog changes about the frame: the rich-text editor's focus and Esc, the
   * buttons' texts, a 取消 hidden or held while a step runs, no close button.
   */
  modal?: Pick<ModalProps, 'focusable' | 'keyboard' | 'closable' | 'okText' | 'cancelText' | 'cancelButtonProps'>;
  children: ReactNode;
}

/** 取消 and OK, which saves. */
interface SaveActions {
  onOk: () => void;
  /** The save is running: the OK button shows it. */
  saving: boolean;
  footer?: never;
}

/** Buttons of the dialog's own in place of 取消 and OK (a review's two decisions). */
interface OwnActions {
  footer: ReactNode;
  onOk?: never;
  saving?: never;
}

/**
 * The frame of the back office's edit dialogs: it does not close on a click outside, so a
 * half-typed record is not lost; the OK button shows the save; and it is rebuilt each time it
 * opens (destroyOnHidden), so nothing of the previous record stays in the next.
 */
export function FormDialog({
  title,
  open,
  onOk,
  onCancel,
  saving,
  footer,
  width = dialogWidth.small,
  loading,
  okDisabled,
  modal,
  children,
}: FrameProps & (SaveActions | OwnActions)) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onOk={onOk}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ disabled: Boolean(okDisabled) || Boolean(loading) }}
      footer={footer}
      mask={{ closable: false }}
      destroyOnHidden
      {...modal}
    >
      {loading === undefined ? children : <Spin spinning={loading}>{children}</Spin>}
    </Modal>
  );
}
