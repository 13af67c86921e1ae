import { dialogWidth, type MailingCategory, type MailTemplateDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { RecordDialog, type EditDialogProps } from '../../list';
import { TextItem } from '../../shared/TextItem';
import { ContentFields, type ContentValues } from './ContentFields';
import { useRefusal } from './useRefusal';

interface TemplateForm extends ContentValues {
  Name: string;
  Category: MailingCategory;
}

const formValues = (t: MailTemplateDto | null): TemplateForm =>
  t ? { Name: t.Name, Category: t.Category as MailingCategory, Subject: t.Subject, Body: t.Body } : { Name: '', Category: 'notice', Subject: '', Body: '' };

/** 新增/修改通知模板: name, category, subject and body with the merge variables. */
export function TemplateDialog(props: EditDialogProps<MailTemplateDto>) {
  const { refusal, watch } = useRefusal();
  return (
    <RecordDialog<MailTemplateDto, TemplateForm>
      noun="通知模板"
      width={dialogWidth.large}
      values={formValues}
      save={(values, t) => watch(mailingsAdminApi.saveTemplate({ ...values, TemplateId: t?.Id ?? 0 }))}
      {...props}
    >
      <TextItem name="Name" label="模板名称" rules={[{ required: true, whitespace: true, message: '请输入模板名称' }]} maxLength={50} />
      <ContentFields refusal={refusal} />
    </RecordDialog>
  );
}
