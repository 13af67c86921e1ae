import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { contentMessages, dialogWidth, type AdminTypeItemDto, type SaveTypeBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { trimmed } from '../../../shared/normalize';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { SortNumberItem, StatusItem } from '../fields';

type TypeForm = Pick<SaveTypeBody, 'Name' | 'SortNumber' | 'Status'>;

interface TypeDialogProps {
  /** The list (1, 2 or 3) a new item joins. */
  type: SaveTypeBody['Type'];
  typeLabel: string;
  /** The item to edit, 'new' to add one; null when closed. */
  editing: AdminTypeItemDto | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/修改类型: name (unique within its list), order, status. */
export function TypeDialog({ type, typeLabel, editing, onClose, onSaved }: TypeDialogProps) {
  const [form] = Form.useForm<TypeForm>();
  const item = editing === 'new' ? null : editing;

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(item ? { Name: item.Name, SortNumber: item.SortNumber, Status: item.Status } : { Name: '', SortNumber: 0, Status: 1 });
  }, [editing, item, form]);

  const { submit, saving } = useFormSubmit(form, (values) => contentAdminApi.saveType({ ...values, Id: item?.Id ?? 0, Type: type }), onSaved);

  return (
    <Modal
      title={`${item ? '修改' : '新增'}${typeLabel}`}
      open={editing !== null}
      width={dialogWidth.small}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ flex: '96px' }} preserve={false}>
        <Form.Item name="Name" label="名称" normalize={trimmed} rules={[{ required: true, message: contentMessages.typeNameRequired }, { max: 100 }]}>
          <Input placeholder="请输入名称" maxLength={100} />
        </Form.Item>
        <SortNumberItem />
        <StatusItem />
      </Form>
    </Modal>
  );
}
