import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { messageLimits, type MessageDepartmentDto } from '@portal/shared';
import { messagesAdminApi, type SaveDepartmentBody } from '../../../../api/messages-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { messageKeys } from '../keys';

type DepartmentForm = Omit<SaveDepartmentBody, 'DepartmentId'>;

const formValues = (d: MessageDepartmentDto | null): DepartmentForm =>
  d ? { Name: d.Name, SupervisorId: d.SupervisorId, HandlerIds: d.Handlers.map((h) => h.AdminId) } : { Name: '', SupervisorId: 0, HandlerIds: [] };

/** The enabled admins to choose handlers and a supervisor from (GetMessageStaffOptions: 留言设置's own permission). */
function useAdminOptions() {
  const admins = useQuery({ queryKey: [...messageKeys.all, 'staffOptions'], queryFn: messagesAdminApi.staffOptions });
  return (admins.data ?? []).map((a) => ({ label: a.Name, value: a.AdminId }));
}

/** 新增/修改办理部门: name, handlers (who see and answer its messages) and the supervisor told when one passes its deadline. */
export function DepartmentDialog(props: EditDialogProps<MessageDepartmentDto>) {
  const admins = useAdminOptions();
  return (
    <RecordDialog<MessageDepartmentDto, DepartmentForm>
      noun="办理部门"
      values={formValues}
      save={(values, d) => messagesAdminApi.saveDepartment({ ...values, SupervisorId: values.SupervisorId ?? 0, DepartmentId: d?.Id ?? 0 })}
      {...props}
    >
      <TextItem name="Name" label="部门名称" rules={[{ required: true, message: '请输入部门名称' }]} maxLength={messageLimits.departmentName} />
      <Form.Item name="HandlerIds" label="办理人" extra="办理人可查看、办理分派到本部门的留言">
        <Select mode="multiple" options={admins} optionFilterProp="label" placeholder="请选择管理员" />
      </Form.Item>
      <Form.Item name="SupervisorId" label="督办人" extra="留言超过办理时限时通知督办人">
        <Select options={[{ label: '不设督办人', value: 0 }, ...admins]} optionFilterProp="label" showSearch />
      </Form.Item>
    </RecordDialog>
  );
}
