import { useEffect, useRef } from 'react';
import { Form } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { useFormSubmit } from '../../components/useFormSubmit';
import { useEditedRecord } from '../shared/useEditedRecord';
import { editingId } from './ListPage';
import type { EditDialogProps } from './resource';

interface RecordFormOptions<T, R, V> extends Pick<EditDialogProps<T>, 'editing' | 'onSaved'> {
  /** The row's id; the dialog reads the whole record under `[...key, id]` (useEditedRecord). */
  id: (row: T) => number;
  key: QueryKey;
  fetch: (id: number) => Promise<R>;
  /**
   * The form's values for a new record, then for an existing one once it has come. Each is
   * called once per opening; state the dialog keeps beside the form (a role's grants) starts there too.
   */
  blank: () => V;
  fill: (record: R) => V;
  /** What else the form waits for before it is filled (the menus a cascader shows). */
  ready?: boolean;
  /** Sends the checked values; the id is 0 for a new record. */
  save: (values: V, id: number) => Promise<unknown>;
}

/**
 * The form of an add/edit dialog whose list rows do not carry the whole record (文章, 活动, 角色):
 * the record read afresh at each opening, the form filled from it once, checked and saved on OK.
 * The dialogs whose rows do carry it use RecordDialog.
 */
export function useRecordForm<T, R, V>({ editing, onSaved, id: idOf, key, fetch, blank, fill, ready = true, save }: RecordFormOptions<T, R, V>) {
  const [form] = Form.useForm<V>();
  const id = editingId(editing, idOf);
  const record = useEditedRecord(key, id, fetch);

  // Filled when a record opens, not again when a render passes new `blank` and `fill`: the
  // menus refreshed meanwhile must not wipe what was typed.
  const start = useRef({ blank, fill });
  start.current = { blank, fill };
  useEffect(() => {
    if (id === 0) form.setFieldsValue(start.current.blank() as Parameters<typeof form.setFieldsValue>[0]);
  }, [id, form]);
  useEffect(() => {
    if (id && record.data && ready) form.setFieldsValue(start.current.fill(record.data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [id, record.data, ready, form]);

  const { submit, saving } = useFormSubmit(
    form,
    (values) => save(values, id ?? 0),
    () => onSaved(),
  );
  return { form, id, open: id !== null, record, submit, saving };
}
