import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Form, Input, Skeleton, Switch } from 'antd';
import { messages, saveSmsSettingsBody, sendTestSmsBody, smsLimits, smsMessages, type SmsSettingsDto } from '@portal/shared';
import { smsAdminApi } from '../../../api/sms-admin';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { schemaRule } from '../../../portal/member/schemaRule';
import { Panel } from '../../layout/Panel';
import { mailingKeys } from './keys';
import { useRefusal } from './useRefusal';

interface TestForm {
  Phone: string;
  TemplateCode: string;
  /** One 名称=值 a line. */
  Variables: string;
}

/** 名称=值 lines as the call's object; a line without = is refused by the field's rule first. */
function variablesOf(text: string): Record<string, string> {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]));
}

/** What the office is told of where SMS stands: no provider (none ships), one not yet switched on, or sending. */
function Standing({ s }: { s: SmsSettingsDto }) {
  if (!s.Provider)
    return (
      <Alert
        type="info"
        showIcon
        message="未接入短信服务商，短信不会发出"
        description="本系统未内置任何短信服务商。接入时由部署人员按所选服务商（如阿里云、腾讯云）的接口编写接入模块，并在服务器配置 SMS_PROVIDER_MODULE 中指定；之后在此填写服务商审核通过的短信签名并启用。"
      />
    );
  if (!s.Ready) return <Alert type="warning" showIcon message={`已接入“${s.Provider}”，填写短信签名并启用后才会发送短信`} />;
  return <Alert type="success" showIcon message={`短信已启用，经“${s.Provider}”发送，签名【${s.SignName}】`} />;
}

/** 短信设置 and 测试发送: the signature and switch, then one message to try the provider with. */
export function SmsSettings() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: mailingKeys.smsSettings, queryFn: smsAdminApi.settings });
  const [form] = Form.useForm<{ SignName: string; Enabled: boolean }>();
  const [test] = Form.useForm<TestForm>();
  const { refusal, watch } = useRefusal();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ SignName: settings.data.SignName, Enabled: settings.data.Enabled });
  }, [settings.data, form]);
  const saving = useFormSubmit(form, smsAdminApi.saveSettings, (saved) => {
    void message.success(messages.saved);
    queryClient.setQueryData(mailingKeys.smsSettings, saved);
  });
  const sending = useFormSubmit(
    test,
    (v: TestForm) => watch(smsAdminApi.sendTest({ Phone: v.Phone, TemplateCode: v.TemplateCode, Variables: variablesOf(v.Variables ?? '') })),
    () => {
      void message.success(smsMessages.sent);
      void queryClient.invalidateQueries({ queryKey: mailingKeys.smsLog });
    },
  );
  if (settings.isPending || !settings.data) return <Skeleton active />;
  const s = settings.data;
  return (
    <Panel>
      <div style={{ maxWidth: 720 }}>
        <Standing s={s} />
        <Form form={form} labelCol={{ flex: '120px' }} style={{ marginTop: 24 }} onFinish={() => void saving.submit()}>
          <Form.Item label="短信服务商">{s.Provider || '未接入'}</Form.Item>
          <Form.Item
            name="SignName"
            label="短信签名"
            extra="服务商审核通过的签名，不含【】，如：建设保险协会"
            rules={[schemaRule(saveSmsSettingsBody, 'SignName')]}
          >
            <Input maxLength={smsLimits.signNameMax} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="Enabled" label="启用短信" valuePropName="checked" extra={s.Provider ? undefined : '接入服务商后才能启用'}>
            <Switch disabled={!s.Provider} />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={saving.saving}>
              保存设置
            </Button>
          </Form.Item>
        </Form>
        <Divider titlePlacement="start">测试发送</Divider>
        {refusal && <Alert type="error" showIcon message={refusal} role="alert" style={{ marginBottom: 16 }} />}
        <Form form={test} labelCol={{ flex: '120px' }} onFinish={() => void sending.submit()} disabled={!s.Ready}>
          <Form.Item name="Phone" label="手机号码" rules={[schemaRule(sendTestSmsBody, 'Phone')]}>
            <Input inputMode="numeric" maxLength={11} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="TemplateCode"
            label="模板编号"
            extra="服务商审核通过的短信模板编号，如：SMS_123456789"
            rules={[schemaRule(sendTestSmsBody, 'TemplateCode')]}
          >
            <Input maxLength={smsLimits.templateCode} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="Variables"
            label="模板变量"
            extra="每行一个，写作 名称=值，如：name=张三"
            rules={[
              {
                validator: (_, v: string = '') =>
                  v.split('\n').every((l) => l.trim() === '' || /^\s*[A-Za-z0-9_]{1,30}\s*=/.test(l))
                    ? Promise.resolve()
                    : Promise.reject(new Error('每行一个变量，写作 名称=值，名称为字母、数字或下划线')),
              },
            ]}
          >
            <Input.TextArea rows={3} style={{ width: 360 }} />
          </Form.Item>
          <Form.Item label=" " colon={false} extra={s.Ready ? undefined : '短信未启用，不能发送'}>
            <Button htmlType="submit" loading={sending.saving}>
              发送测试短信
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Panel>
  );
}
