import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio } from 'antd';
import { linkHandledNames, linkProblemNames, messages, type LinkFindingDto, type LinkHandled } from '@portal/shared';
import { linkCheckApi } from '../../../../api/link-check';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { linkCheckKeys } from './keys';

interface HandleDialogProps {
  /** The finding handled; null: closed. */
  finding: LinkFindingDto | null;
  onClose: () => void;
}

/** 处理: 已处理, 忽略 (a reason required) or back to 未处理; 修改成功 once the server stored it and the table was read again. */
export function HandleDialog({ finding, onClose }: HandleDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ Handled: LinkHandled; Reason: string }>();
  const handled = Form.useWatch('Handled', form);
  const { submit, saving } = useFormSubmit(
    form,
    (values) => linkCheckApi.handle({ Id: finding!.Id, Handled: values.Handled, Reason: values.Reason ?? '' }),
    async () => {
      await queryClient.invalidateQueries({ queryKey: linkCheckKeys.all });
      void message.success(messages.saved);
      onClose();
    },
  );
  return (
    <FormDialog title="处理链接问题" open={finding !== null} onCancel={onClose} onOk={() => void submit()} saving={saving}>
      {finding && (
        <Form form={form} layout="vertical" initialValues={{ Handled: finding.Handled === 'open' ? 'fixed' : finding.Handled, Reason: finding.Reason }}>
          <p>
            {finding.Url}（{linkProblemNames[finding.Problem]}）
          </p>
          <Form.Item name="Handled" label="处理状态">
            <Radio.Group
              options={(['fixed', 'ignored', 'open'] as const).map((value) => ({
                value,
                label: value === 'fixed' ? '标记已处理' : value === 'ignored' ? '忽略' : linkHandledNames.open,
              }))}
            />
          </Form.Item>
          {handled === 'ignored' && (
            <Form.Item name="Reason" label="原因" rules={[{ required: true, whitespace: true, message: '忽略链接问题须填写原因' }]}>
              <Input.TextArea maxLength={200} showCount rows={3} placeholder="如：对方网站仅限内网访问" />
            </Form.Item>
          )}
        </Form>
      )}
    </FormDialog>
  );
}
