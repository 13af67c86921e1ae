import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, InputNumber, Result, Select } from 'antd';
import dayjs from 'dayjs';
import {
  dialogWidth,
  formatYuan,
  membershipLimits,
  paymentMethods,
  saveMemberPaymentBody,
  toFen,
  type MemberPaymentDto,
  type MembershipDto,
  type SaveMemberPaymentBody,
} from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { MembershipStateTag } from '../../../../components/MembershipStateTag';
import { PastDatePicker } from '../../../../components/PastDatePicker';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { dayValueProps } from '../../../shared/normalize';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule } from '../../content/fields';
import { MemberSelect } from '../../../shared/MemberSelect';
import { standingKey } from '../membershipKeys';
import { VoucherField } from './VoucherField';

const { shape } = saveMemberPaymentBody;
const methodOptions = Object.entries(paymentMethods).map(([value, label]) => ({ value, label }));

/** The member's standing before the payment: what it renews. */
function Standing({ membership }: { membership: MembershipDto }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
      items={[
        { label: '会员编号', children: membership.MemberNo },
        { label: '等级', children: membership.LevelName || '-' },
        { label: '年费', children: membership.AnnualFee ? formatYuan(toFen(membership.AnnualFee)) : '不收会费' },
        { label: '有效期至', children: membership.ExpireDate || '长期' },
        { label: '状态', children: <MembershipStateTag state={membership.State} /> },
        { label: '会籍期限', children: membership.TermName },
      ]}
    />
  );
}

export interface Recorded {
  payment: MemberPaymentDto;
  /** The server's words: 已登记缴费，有效期至…. */
  message: string;
}

interface PaymentDialogProps {
  open: boolean;
  onClose: () => void;
  /** A payment was recorded (the list reloads). */
  onSaved: () => void;
  onPrint: (payment: MemberPaymentDto) => void;
}

/**
 * 登记缴费: the member (with their current standing), amount (the level's fee to start with),
 * day, payer, method, voucher, note and an optional receipt number. Once saved it says the new
 * 有效期至 and offers the receipt.
 */
export function PaymentDialog({ open, onClose, onSaved, onPrint }: PaymentDialogProps) {
  const [form] = Form.useForm<SaveMemberPaymentBody>();
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const memberId = Form.useWatch('MemberId', form);
  const standing = useQuery({ queryKey: standingKey(memberId ?? 0), queryFn: () => membershipAdminApi.membership(memberId!), enabled: Boolean(memberId) });

  // A member just chosen brings their level's fee and their name as the payer; what staff then type stays.
  const chosen = standing.data;
  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!chosen || filledFor.current === chosen.MemberId) return;
    filledFor.current = chosen.MemberId;
    form.setFieldsValue({ Amount: chosen.AnnualFee || undefined, Payer: chosen.MemberName });
  }, [chosen, form]);

  const { submit, saving } = useFormSubmit(form, membershipAdminApi.savePayment, (done) => {
    setRecorded(done);
    onSaved();
  });
  const close = () => {
    setRecorded(null);
    filledFor.current = null;
    onClose();
  };

  return (
    <FormDialog
      title="登记缴费"
      open={open}
      width={dialogWidth.medium}
      onCancel={close}
      {...(recorded
        ? {
            footer: [
              <Button key="close" onClick={close}>
                完成
              </Button>,
              <Button key="print" type="primary" onClick={() => onPrint(recorded.payment)}>
                打印收据
              </Button>,
            ],
          }
        : { onOk: () => void submit(), saving, okDisabled: memberId !== undefined && standing.isFetching })}
    >
      {recorded ? (
        <Result
          status="success"
          title={recorded.message}
          subTitle={`收据编号 ${recorded.payment.ReceiptNo} · ${recorded.payment.MemberName} · ${formatYuan(toFen(recorded.payment.Amount))}`}
        />
      ) : (
        <Form
          form={form}
          labelCol={{ flex: '96px' }}
          preserve={false}
          initialValues={{ PaidOn: dayjs().format('YYYY-MM-DD'), Method: 'transfer', VoucherPath: '', Note: '', ReceiptNo: '' }}
        >
          <Form.Item name="MemberId" label="会员" rules={[{ required: true, message: '请选择会员' }]}>
            <MemberSelect />
          </Form.Item>
          {chosen && chosen.MemberId === memberId && <Standing membership={chosen} />}
          <Form.Item name="Amount" label="金额" rules={[schemaRule(shape.Amount)]}>
            <InputNumber<number> min={0.01} max={membershipLimits.maxAmount} precision={2} controls={false} prefix="¥" suffix="元" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="PaidOn" label="缴费日期" rules={[schemaRule(shape.PaidOn)]} {...dayValueProps}>
            <PastDatePicker allowClear={false} />
          </Form.Item>
          <TextItem name="Payer" label="付款单位" rules={[schemaRule(shape.Payer)]} maxLength={membershipLimits.payer} />
          <Form.Item name="Method" label="缴费方式" rules={[schemaRule(shape.Method)]}>
            <Select options={methodOptions} />
          </Form.Item>
          <Form.Item name="VoucherPath" label="缴费凭证" extra="转账回单或收款截图：jpg、png 或 pdf，不超过10MB；仅后台可见">
            <VoucherField />
          </Form.Item>
          <TextItem name="Note" label="备注" rules={[schemaRule(shape.Note)]} maxLength={membershipLimits.note} maxRows={4} />
          <TextItem
            name="ReceiptNo"
            label="收据编号"
            rules={[schemaRule(shape.ReceiptNo)]}
            maxLength={membershipLimits.receiptNo}
            placeholder="留空自动编号（如 2026-0001）"
          />
        </Form>
      )}
    </FormDialog>
  );
}
