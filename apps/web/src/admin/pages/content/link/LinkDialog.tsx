import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { contentMessages, dialogWidth, saveLinkBody, type AdminFriendLinkDto, type SaveLinkBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { trimmed } from '../../../shared/normalize';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { schemaRule, SortNumberItem, StatusItem } from '../fields';

type LinkForm = Omit<SaveLinkBody, 'Id'>;

interface LinkDialogProps {
  /** The link to edit, 'new' to add one; null when closed. */
  editing: AdminFriendLinkDto | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/修改友情链接: name, address (http/https), order, status. */
export function LinkDialog({ editing, onClose, onSaved }: LinkDialogProps) {
  const [form] = Form.useForm<LinkForm>();
  const link = editing === 'new' ? null : editing;

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(
      link
        ? { Title: link.Title, Friendlinks: link.Friendlinks, SortNumber: link.SortNumber, Status: link.Status }
        : { Title: '', Friendlinks: '', SortNumber: 0, Status: 1 },
    );
  }, [editing, link, form]);

  const { submit, saving } = useFormSubmit(form, (values) => contentAdminApi.saveLink({ ...values, Id: link?.Id ?? 0 }), onSaved);

  return (
    <Modal
      title={link ? '修改友情链接' : '新增友情链接'}
      open={editing !== null}
      width={dialogWidth.small}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ flex: '96px' }} preserve={false}>
        <Form.Item name="Title" label="链接名称" normalize={trimmed} rules={[{ required: true, message: contentMessages.linkTitleRequired }, { max: 200 }]}>
          <Input placeholder="请输入链接名称" maxLength={200} />
        </Form.Item>
        <Form.Item name="Friendlinks" label="链接地址" normalize={trimmed} rules={[schemaRule(saveLinkBody.shape.Friendlinks)]}>
          <Input placeholder="http(s)://…" maxLength={500} />
        </Form.Item>
        <SortNumberItem />
        <StatusItem />
      </Form>
    </Modal>
  );
}
