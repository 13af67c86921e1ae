import { Form } from 'antd';
import { dialogWidth, newPasswordHint, type AdminUserDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';

interface ResetForm {
  Password: string;
  confirm: string;
}

/** 重置密码: sets a new password for another administrator (system:admin:resetPwd); their sessions end. */
export function ResetPasswordDialog({ user, onClose, onSaved }: { user: AdminUserDto | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<ResetForm>();
  const { submit, saving } = useFormSubmit(
    form,
    async ({ Password }) => {
      if (!user) return;
      const { AdminId, Account, FullName, Phone, RoleId, Status } = user;
      await systemApi.saveAdminUser({ AdminId, Account, FullName, Phone, RoleId, Status, Password });
    },
    onSaved,
  );

  return (
    <FormDialog title={`重置密码：${user?.Account ?? ''}`} open={user !== null} width={dialogWidth.small} onOk={submit} onCancel={onClose} saving={saving}>
      <Form form={form} labelCol={{ flex: '90px' }} preserve={false} validateTrigger="onBlur">
        <NewPasswordFields
          password={{ name: 'Password', label: '新密码', placeholder: newPasswordHint }}
          confirm={{ name: 'confirm', label: '确认密码', placeholder: '请再次输入新密码' }}
          account={user?.Account ?? ''}
        />
      </Form>
    </FormDialog>
  );
}
