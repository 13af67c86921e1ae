import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import type { Permission } from '@portal/shared';
import { Auth } from '../access/AdminSession';
import { trimmed } from './normalize';

/** The two outcomes every review dialog offers. */
export type Verdict = 'approve' | 'reject';

/**
 * Sends a review decision (入会审核, 审核投稿, 待我审核) with its reason (`reasonName` of `form`):
 * none with an approval (unless `reasonWithApproval`: an opinion that may go with either), a
 * checked one with a rejection (nothing is sent while it is missing). The form's other fields (a
 * super administrator's 越级审核原因) are checked for both and handed to `send`. The pressed
 * button spins and both wait; `onReviewed` with what `send` answered when it is saved (the
 * toast, close and reload). A refusal (decided meanwhile by another reviewer) was shown by the
 * API client; the dialog stays open.
 */
export function useVerdict<V, R = unknown>(
  form: FormInstance<V>,
  reasonName: keyof V & string,
  onReviewed: (answer: R) => void,
  { reasonWithApproval = false } = {},
) {
  const [saving, setSaving] = useState<Verdict | null>(null);
  const decide = async (verdict: Verdict, send: (reason: string, values: Partial<V>) => Promise<R>) => {
    const checked = await checkedFor(verdict, form, reasonName);
    if (checked === null) return;
    const reason = verdict === 'reject' || reasonWithApproval ? String(checked[reasonName] ?? '') : '';
    setSaving(verdict);
    try {
      onReviewed(await send(reason, checked));
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(null);
    }
  };
  return { saving, decide };
}

interface ReviewFooterProps {
  /** Only a record under review can be decided; anything else is shown with 关闭. */
  underReview: boolean;
  /** The permission that may decide. */
  perm: Permission;
  saving: Verdict | null;
  /** The two buttons' texts. */
  labels: Record<Verdict, string>;
  onDecide: (verdict: Verdict) => void;
  onClose: () => void;
  /** Buttons of the dialog's own before the two decisions (审核投稿's 修改). */
  children?: ReactNode;
}

/** A review dialog's footer: 取消 and, for those allowed to decide, reject and approve. */
export function ReviewFooter({ underReview, perm, saving, labels, onDecide, onClose, children }: ReviewFooterProps) {
  if (!underReview) return <Button onClick={onClose}>关闭</Button>;
  return (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Auth perm={perm}>
        {children}
        <Button danger loading={saving === 'reject'} disabled={saving !== null} onClick={() => onDecide('reject')}>
          {labels.reject}
        </Button>
        <Button type="primary" loading={saving === 'approve'} disabled={saving !== null} onClick={() => onDecide('approve')}>
          {labels.approve}
        </Button>
      </Auth>
    </Space>
  );
}

interface RejectReasonProps<V> {
  form: FormInstance<V>;
  /** The permission that may decide: only its holders are asked for a reason. */
  perm: Permission;
  name: string;
  label: string;
  placeholder: string;
  /** Said when a rejection comes without a reason. */
  message: string;
  maxLength: number;
  /** The form's other fields, after the reason (a super administrator's 越级审核原因). */
  children?: ReactNode;
}

/** The reason of a rejection, which the applicant is shown: required to reject, not to approve. */
export function RejectReason<V>({ form, perm, name, label, placeholder, message, maxLength, children }: RejectReasonProps<V>) {
  return (
    <Auth perm={perm}>
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item name={name} label={label} normalize={trimmed} rules={[{ required: true, whitespace: true, message }]}>
          <Input.TextArea placeholder={placeholder} maxLength={maxLength} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {children}
      </Form>
    </Auth>
  );
}

/**
 * The form's values checked for a verdict: all of them for a rejection (its reason is required),
 * all but the reason for an approval (it may be blank then); null when one is wrong.
 */
async function checkedFor<V>(verdict: Verdict, form: FormInstance<V>, name: keyof V & string): Promise<Partial<V> | null> {
  if (verdict === 'reject') return form.validateFields().catch(() => null);
  // Every registered field (getFieldsError lists them all; the store only those given a value), so an untouched required one is checked too.
  const others = form
    .getFieldsError()
    .map((field) => field.name)
    .filter((field) => !(field.length === 1 && field[0] === name));
  const values = (await form.validateFields(others as never[]).catch(() => null)) as Partial<V> | null;
  return values && { ...values, [name]: form.getFieldValue(name as never) as unknown };
}
