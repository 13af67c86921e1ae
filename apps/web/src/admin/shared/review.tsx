import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import type { Permission } from '@portal/shared';
import { Auth } from '../access/AdminSession';
import { trimmed } from './normalize';

/** The two outcomes every review dialog offers. */
export type Verdict = 'approve' | 'reject';

/**
 * Sends a review decision (入会审核, 审核投稿) with its reason (`reasonName` of `form`): none
 * with an approval, a checked one with a rejection (nothing is sent while it is missing). The
 * pressed button spins and both wait; `onReviewed` when it is saved (the list's toast, close and
 * reload). A refusal (decided meanwhile by another reviewer) was shown by the API client; the
 * dialog stays open.
 */
export function useVerdict<V>(form: FormInstance<V>, reasonName: keyof V & string, onReviewed: () => void) {
  const [saving, setSaving] = useState<Verdict | null>(null);
  const decide = async (verdict: Verdict, send: (reason: string) => Promise<unknown>) => {
    const reason = await reasonFor(verdict, form, reasonName);
    if (reason === null) return;
    setSaving(verdict);
    try {
      await send(reason);
      onReviewed();
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
}

/** The reason of a rejection, which the applicant is shown: required to reject, not to approve. */
export function RejectReason<V>({ form, perm, name, label, placeholder, message, maxLength }: RejectReasonProps<V>) {
  return (
    <Auth perm={perm}>
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item name={name} label={label} normalize={trimmed} rules={[{ required: true, whitespace: true, message }]}>
          <Input.TextArea placeholder={placeholder} maxLength={maxLength} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Auth>
  );
}

/** What goes with a verdict: '' with an approval, the checked reason with a rejection, null when that is missing. */
async function reasonFor<V>(verdict: Verdict, form: FormInstance<V>, name: keyof V & string): Promise<string | null> {
  if (verdict === 'approve') return '';
  const values = await form.validateFields().catch(() => null);
  return values ? String(values[name]) : null;
}
