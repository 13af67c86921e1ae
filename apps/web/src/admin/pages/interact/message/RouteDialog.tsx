import { Form, Input, Select } from 'antd';
import { messageLimits, type MessageDepartmentDto, type MessageDetailDto } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';

interface RouteValues {
  DepartmentId: number;
  HandlerId: number;
  Reason?: string;
}

/**
 * 分派 (a message 待受理) or 转办 (one 办理中, with a reason): a department and, optionally, one of
 * its handlers (整个部门 by default).
 */
export function RouteDialog({
  message,
  kind,
  departments,
  onClose,
  onSaved,
}: {
  message: MessageDetailDto;
  kind: 'assign' | 'transfer' | null;
  departments: MessageDepartmentDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<RouteValues>();
  const departmentId = Form.useWatch('DepartmentId', form);
  const handlers = departments.find((d) => d.Id === departmentId)?.Handlers ?? [];
  const { submit, saving } = useFormSubmit(
    form,
    ({ DepartmentId, HandlerId, Reason }) => {
      const body = { MessageId: message.Id, DepartmentId, HandlerId: HandlerId ?? 0 };
      return kind === 'transfer' ? messagesAdminApi.transfer({ ...body, Reason: Reason ?? '' }) : messagesAdminApi.assign(body);
    },
    onSaved,
  );
  const transfer = kind === 'transfer';
  return (
    <FormDialog title={transfer ? '转办留言' : '分派留言'} open={kind !== null} onOk={() => void submit()} onCancel={onClose} saving={saving}>
      <Form form={form} labelCol={{ flex: '84px' }} preserve={false} initialValues={{ HandlerId: 0 }}>
        <Form.Item name="DepartmentId" label="办理部门" rules={[{ required: true, message: '请选择办理部门' }]}>
          <Select
            placeholder="请选择"
            options={departments.filter((d) => !transfer || d.Id !== message.DepartmentId).map((d) => ({ label: d.Name, value: d.Id }))}
            onChange={() => form.setFieldValue('HandlerId', 0)}
          />
        </Form.Item>
        <Form.Item name="HandlerId" label="办理人" extra="不指定时，部门的所有办理人都可办理">
          <Select options={[{ label: '整个部门', value: 0 }, ...handlers.map((h) => ({ label: h.Name, value: h.AdminId }))]} />
        </Form.Item>
        {transfer && (
          <Form.Item name="Reason" label="转办理由" normalize={trimmed} rules={[{ required: true, message: '请输入转办理由' }]}>
            <Input.TextArea rows={3} maxLength={messageLimits.reason} showCount />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}
