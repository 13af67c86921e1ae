import { App, Form, Input, Modal } from 'antd';
import { dialogWidth, memberLimits, messages, saveProposeForm } from '@portal/shared';
import { membersApi, type ProposeForm } from '../../api/members';
import { PrivacyConsent, usePrivacyConsent } from '../../components/PrivacyConsent';
import { useFormSubmit } from '../../components/useFormSubmit';
import { schemaRule } from './schemaRule';

/** 建议箱 (spec §2 "Member dialogs", §5 "Suggestion"): both fields trimmed, mobile checked. */
export function SuggestionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ProposeForm>();
  const { message } = App.useApp();
  const consent = usePrivacyConsent();
  // Invalid fields show their messages under the inputs; nothing is sent.
  const { submit, saving } = useFormSubmit(
    form,
    (values) => consent.sendWith((PrivacyVersion) => membersApi.savePropose(saveProposeForm.parse({ ...values, PrivacyVersion }))),
    () => {
      void message.success(messages.submitted);
      onClose();
    },
  );

  return (
    <Modal
      title="建议箱"
      open={open}
      width={dialogWidth.small}
      mask={{ closable: false }}
      okText="提交"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (visible) return;
        form.resetFields();
        consent.field.onChange(false);
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item name="Mobile" label="联系电话" rules={[schemaRule(saveProposeForm, 'Mobile')]}>
          {/* No maxLength: it would cut a pasted " 13812345678 " before trimming, and silently turn
              an over-long number into another valid one. The rule trims, then checks. */}
          <Input placeholder="请输入手机号码" inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="ProposeContent" label="建议留言" rules={[schemaRule(saveProposeForm, 'ProposeContent')]}>
          <Input.TextArea placeholder="请输入建议留言" rows={5} maxLength={memberLimits.proposeContent} showCount />
        </Form.Item>
      </Form>
      <PrivacyConsent {...consent.field} />
    </Modal>
  );
}
