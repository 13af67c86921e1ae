import { Alert, Form } from 'antd';
import { formatYuan, membershipLimits, toFen, voidMemberPaymentBody, type MemberPaymentDto } from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule } from '../../content/fields';

/**
 * 作废 one payment, with the reason kept on the record. The server refuses any but the member's
 * latest valid payment (later terms are stacked on an earlier one) and says so.
 */
export function VoidDialog({ payment, onClose, onVoided }: { payment: MemberPaymentDto | null; onClose: () => void; onVoided: () => void }) {
  const [form] = Form.useForm<{ Reason: string }>();
  const { submit, saving } = useFormSubmit(form, ({ Reason }) => membershipAdminApi.voidPayment(payment?.PaymentId ?? 0, Reason), onVoided);
  return (
    <FormDialog
      title="作废缴费记录"
      open={payment !== null}
      onOk={() => void submit()}
      onCancel={onClose}
      saving={saving}
      modal={{ okText: '作废', cancelText: '取消' }}
    >
      {payment && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`收据 ${payment.ReceiptNo}：${payment.MemberName} ${formatYuan(toFen(payment.Amount))}`}
          description={`作废后记录保留并标为已作废，该会员的有效期至恢复为本次缴费前（本次会籍期间 ${payment.TermFrom} 至 ${payment.TermTo}）。`}
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <TextItem name="Reason" label="作废原因" rules={[schemaRule(voidMemberPaymentBody.shape.Reason)]} maxLength={membershipLimits.note} maxRows={4} />
      </Form>
    </FormDialog>
  );
}
