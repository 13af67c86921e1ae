import { contentMessages, saveLinkBody, type AdminFriendLinkDto, type SaveLinkBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule, SortNumberItem, StatusItem } from '../fields';

type LinkForm = Omit<SaveLinkBody, 'Id'>;

const formValues = (link: AdminFriendLinkDto | null): LinkForm =>
  link
    ? { Title: link.Title, Friendlinks: link.Friendlinks, SortNumber: link.SortNumber, Status: link.Status }
    : { Title: '', Friendlinks: '', SortNumber: 0, Status: 1 };

/** 新增/修改友情链接: name, address (http/https), order, status. */
export function LinkDialog(props: EditDialogProps<AdminFriendLinkDto>) {
  return (
    <RecordDialog<AdminFriendLinkDto, LinkForm>
      noun="友情链接"
      values={formValues}
      save={(values, link) => contentAdminApi.saveLink({ ...values, Id: link?.Id ?? 0 })}
      {...props}
    >
      <TextItem name="Title" label="链接名称" rules={[{ required: true, message: contentMessages.linkTitleRequired }, { max: 200 }]} maxLength={200} />
      <TextItem name="Friendlinks" label="链接地址" rules={[schemaRule(saveLinkBody.shape.Friendlinks)]} maxLength={500} placeholder="http(s)://…" />
      <SortNumberItem />
      <StatusItem />
    </RecordDialog>
  );
}
