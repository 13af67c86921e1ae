import { Alert, Form } from 'antd';
import { dialogWidth, privacyLimits, savePrivacyPolicyBody, type PrivacyPolicyDto } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { privacyApi } from '../../../../api/privacy';
import { RichTextEditor } from '../../../../components/RichTextEditor';
import { schemaRule } from '../../../../portal/member/schemaRule';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { richTextFrame } from '../../../shared/EditorDialog';
import { TextItem } from '../../../shared/TextItem';
import { currentPolicyQuery } from './queries';

interface PolicyForm {
  Content: string;
  Summary: string;
}

/**
 * 新增/修改隐私政策草稿: the text and what it changes. A new draft starts from the current
 * version's text, since a policy is amended rather than rewritten; nothing reaches visitors
 * until the draft is published.
 */
export function PrivacyPolicyDialog(props: EditDialogProps<PrivacyPolicyDto>) {
  const current = useQuery(currentPolicyQuery);
  return (
    <RecordDialog<PrivacyPolicyDto, PolicyForm>
      noun="隐私政策草稿"
      width={dialogWidth.large}
      modal={richTextFrame}
      values={(draft) => (draft ? { Content: draft.Content, Summary: draft.Summary } : { Content: current.data?.Content ?? '', Summary: '' })}
      save={(values, draft) => privacyApi.save({ Id: draft?.Id ?? 0, ...values })}
      {...props}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title="草稿保存后访客看不到，发布后才成为现行版本；已发布的版本不能再修改。" />
      <TextItem
        name="Summary"
        label="变更说明"
        rules={[schemaRule(savePrivacyPolicyBody, 'Summary')]}
        maxLength={privacyLimits.summary}
        placeholder="如：新增邮件打开跟踪的说明（显示在官网的历次版本中）"
      />
      <Form.Item name="Content" label="正文" rules={[schemaRule(savePrivacyPolicyBody, 'Content')]}>
        <RichTextEditor />
      </Form.Item>
    </RecordDialog>
  );
}
