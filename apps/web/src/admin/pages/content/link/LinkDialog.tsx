import { Form, Input } from 'antd';
import { contentMessages, saveLinkBody, type AdminFriendLinkDto, type SaveLinkBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { trimmed } from '../../../shared/normalize';
import { schemaRule, SortNumberItem, StatusItem } from '../fields';

type LinkForm = Omit<SaveLinkBody, 'Id'>;

const formValues = (link: AdminFriendLinkDto | null): LinkForm =>
  link ? { Title: link.Title, Friendlinks: link.Friendlinks, SortNumber: link.SortNumber, Status: link.Status } : { Title: '', Friendlinks: '', SortNumber: 0, Status: 1 };

/** 新增/修改友情链接: name, address (http/https), order, status. */
export function LinkDialog(props: EditDialogProps<AdminFriendLinkDto>) {
  return (
    <RecordDialog<AdminFriendLinkDto, LinkForm> noun="友情链接" values={formValues} save={(values, link) => contentAdminApi.saveLink({ ...values, Id: link?.Id ?? 0 })} {...props}>
      <Form.Item name="Title" label="链接名称" normalize={trimmed} rules={[{ required: true, message: contentMessages.linkTitleRequired }, { max: 200 }]}>
        <Input placeholder="请输入链接名称" maxLength={200} />
      </Form.Item>
      <Form.Item name="Friendlinks" label="链接地址" normalize={trimmed} rules={[schemaRule(saveLinkBody.shape.Friendlinks)]}>
        <Input placeholder="http(s)://…" maxLength={500} />
      </Form.Item>
      <SortNumberItem />
      <StatusItem />
    </RecordDialog>
  );
}
