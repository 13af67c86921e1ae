import { useState } from 'react';
import { Alert, Form, Input, Select, Typography } from 'antd';
import { saveApiTokenBody, systemMessages, type ApiTokenCreatedDto, type SaveApiTokenBody } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { useRoleOptions } from '../../../../components/SearchForm';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';
import { schemaRule } from '../../content/fields';

interface ApiTokenDialogProps {
  open: boolean;
  onClose: () => void;
  /** A token was created (the list refreshes; the dialog stays open to show it). */
  onCreated: () => void;
}

/**
 * 新增接口令牌: a name and the role it acts with. After saving, the same dialog shows the token
 * this once, to copy: the server keeps only its hash, so closing is the last chance to read it.
 */
export function ApiTokenDialog({ open, onClose, onCreated }: ApiTokenDialogProps) {
  const [form] = Form.useForm<SaveApiTokenBody>();
  const roles = useRoleOptions(open);
  const [created, setCreated] = useState<ApiTokenCreatedDto | null>(null);
  const { submit, saving } = useFormSubmit(form, systemApi.createApiToken, (token) => {
    setCreated(token);
    onCreated();
  });
  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <FormDialog
      title={created ? '接口令牌已创建' : '新增接口令牌'}
      open={open}
      onOk={created ? close : submit}
      onCancel={close}
      saving={saving}
      modal={{ okText: created ? '我已保存' : '确定', cancelButtonProps: created ? { style: { display: 'none' } } : undefined }}
    >
      {created ? (
        <>
          <Alert type="warning" showIcon title="令牌只显示这一次，关闭后无法再次查看，请立即复制并妥善保存。" style={{ marginBottom: 16 }} />
          <Typography.Paragraph>
            令牌名称：<strong>{created.Name}</strong>
          </Typography.Paragraph>
          <Typography.Paragraph code copyable={{ text: created.Token, tooltips: ['复制', '已复制'] }} style={{ wordBreak: 'break-all' }} aria-label="接口令牌">
            {created.Token}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">调用后台接口时放在请求头 token 中（或 Authorization: Bearer …）。</Typography.Paragraph>
        </>
      ) : (
        <Form form={form} labelCol={{ flex: '96px' }} preserve={false}>
          <Form.Item name="Name" label="令牌名称" normalize={trimmed} rules={[schemaRule(saveApiTokenBody.shape.Name)]}>
            <Input placeholder="如 exam-sync（字母、数字、_ - .）" maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item name="RoleId" label="角色" rules={[{ required: true, message: systemMessages.roleRequired }]} extra="令牌以该角色的权限调用接口">
            <Select placeholder="请选择角色" options={roles.data} loading={roles.isLoading} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item name="Remark" label="备注" normalize={trimmed}>
            <Input.TextArea placeholder="用途、使用方等" maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
