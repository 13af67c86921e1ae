import { useEffect } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import {
  adminAccountPattern,
  dialogWidth,
  landlinePattern,
  messages,
  mobilePattern,
  newPasswordHint,
  systemMessages,
  type AdminUserDto,
  type SaveAdminUserBody,
} from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { useRoleOptions } from '../../../../components/SearchForm';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { statusOptions } from '../status';
import { trimmed } from '../../../shared/normalize';
import type { EditDialogProps } from '../../../list';
import { FormDialog } from '../../../shared/FormDialog';

type AdminForm = Omit<SaveAdminUserBody, 'AdminId'> & { confirm?: string };

/** 新增/修改管理员: account (fixed once created), name, phone, role and status; a new one gets a password. */
export function AdminUserDialog({ editing, onClose, onSaved }: EditDialogProps<AdminUserDto>) {
  const [form] = Form.useForm<AdminForm>();
  const roles = useRoleOptions(editing !== null);
  const isNew = editing === 'new';

  useEffect(() => {
    if (editing === 'new') form.setFieldsValue({ Status: 1 });
    else if (editing)
      form.setFieldsValue({ Account: editing.Account, FullName: editing.FullName, Phone: editing.Phone, RoleId: editing.RoleId, Status: editing.Status });
  }, [editing, form]);

  // On an update an empty Password leaves it unchanged (resetting is its own action).
  const { submit, saving } = useFormSubmit(
    form,
    ({ confirm: _confirm, ...values }) =>
      systemApi.saveAdminUser({ ...values, Password: values.Password ?? '', AdminId: isNew || !editing ? 0 : editing.AdminId }),
    () => onSaved(),
  );

  return (
    <FormDialog title={isNew ? '新增管理员' : '修改管理员'} open={editing !== null} width={dialogWidth.small} onOk={submit} onCancel={onClose} saving={saving}>
      <Form form={form} labelCol={{ flex: '90px' }} preserve={false} validateTrigger="onBlur">
        <Form.Item
          name="Account"
          label="账号"
          normalize={trimmed}
          rules={[
            { required: true, message: messages.accountRequired },
            { pattern: adminAccountPattern, message: systemMessages.accountInvalid },
          ]}
        >
          <Input placeholder="3-32位字母、数字或下划线" disabled={!isNew} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="FullName"
          label="姓名"
          normalize={trimmed}
          rules={[{ required: true, whitespace: true, message: systemMessages.fullNameRequired }, { max: 50 }]}
        >
          <Input placeholder="请输入姓名" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="Phone"
          label="联系电话"
          normalize={trimmed}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                !v || mobilePattern.test(v) || landlinePattern.test(v) ? Promise.resolve() : Promise.reject(new Error(messages.phoneInvalid)),
            },
          ]}
        >
          <Input placeholder="请输入联系电话" maxLength={20} />
        </Form.Item>
        <Form.Item name="RoleId" label="角色" rules={[{ required: true, message: systemMessages.roleRequired }]}>
          <Select placeholder="请选择角色" options={roles.data} loading={roles.isLoading} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {isNew && (
          <NewPasswordFields
            password={{ name: 'Password', label: '登录密码', placeholder: newPasswordHint }}
            confirm={{ name: 'confirm', label: '确认密码', placeholder: '请再次输入密码' }}
            account={{ field: 'Account' }}
          />
        )}
        <Form.Item name="Status" label="状态">
          <Radio.Group options={statusOptions} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
