import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Form, type FormProps } from 'antd';
import { FormDialog } from '../shared/FormDialog';
import { dialogWidth } from '@portal/shared';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { Editing } from './resource';

interface RecordDialogProps<T, V> {
  /** What one record is called: the title is 新增{noun} or 修改{noun}. */
  noun: string;
  /** A title of its own where the dialog does something else to a record (办理…). */
  title?: string;
  /** The row to edit, 'new' to add one; null when closed (ListPage's page.editing). */
  editing: Editing<T>;
  /** The form's starting values: the row's, or a new record's defaults (null). */
  values: (record: T | null) => V;
  /** Sends the checked values; the row is null for a new record. */
  save: (values: V, record: T | null) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  width?: number;
  /** The labels' column width. */
  labelWidth?: string;
  form?: Omit<FormProps<V>, 'form' | 'labelCol' | 'preserve'>;
  /** The frame's own settings: richTextFrame (shared/EditorDialog) for a form holding TinyMCE. */
  modal?: ComponentProps<typeof FormDialog>['modal'];
  children: ReactNode;
}

/**
 * The add/edit dialog of a list whose rows carry everything the form shows (轮播图, 友情链接,
 * 类型): filled from the row or with defaults when it opens, checked and saved on OK. It does not
 * close on a click outside, so a half-typed record is not lost.
 */
export function RecordDialog<T, V>({
  noun,
  title,
  editing,
  values,
  save,
  onClose,
  onSaved,
  width = dialogWidth.small,
  labelWidth = '96px',
  form: formProps,
  modal,
  children,
}: RecordDialogProps<T, V>) {
  const [form] = Form.useForm<V>();
  const record = editing === 'new' ? null : editing;

  // The form is filled when a record is opened, not again when a render passes a new `values`.
  const startingValues = useRef(values);
  startingValues.current = values;
  useEffect(() => {
    if (editing) form.setFieldsValue(startingValues.current(record) as Parameters<typeof form.setFieldsValue>[0]);
  }, [editing, record, form]);

  const { submit, saving } = useFormSubmit(form, (v) => save(v, record), onSaved);

  return (
    <FormDialog
      title={title ?? `${record ? '修改' : '新增'}${noun}`}
      open={editing !== null}
      width={width}
      onOk={submit}
      onCancel={onClose}
      saving={saving}
      modal={modal}
    >
      <Form form={form} labelCol={{ flex: labelWidth }} preserve={false} {...formProps}>
        {children}
      </Form>
    </FormDialog>
  );
}
