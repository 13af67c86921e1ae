import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Radio } from 'antd';
import { membershipLimits, membershipMessages } from '@portal/shared';
import { membersAdminApi } from '../../../api/members-admin';
import { standingKey } from './membershipKeys';
import { Auth } from '../../access/AdminSession';
import { FormDialog } from '../../shared/FormDialog';

interface Values {
  Revoke: boolean;
  Reason: string;
}

const choices = [
  { label: '吊销', value: true },
  { label: '恢复', value: false },
];

/**
 * 吊销/恢复 of a member's electronic membership card (RevokeMemberCard), for the holders of
 * member:card:revoke. A revoked card's check says 会员证已吊销 with the date; the reason, required
 * to revoke, stays with staff (the audit log). The server answers in words, which the toast says.
 */
export function CardRevocation({ memberId }: { memberId: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const revoking = Form.useWatch('Revoke', form) ?? true;

  const save = async () => {
    const { Revoke, Reason = '' } = await form.validateFields();
    setSaving(true);
    try {
      void message.success(await membersAdminApi.revokeCard(memberId, Revoke, Reason.trim()));
      // The 会籍 section says whether the card stands.
      void queryClient.invalidateQueries({ queryKey: standingKey(memberId) });
      setOpen(false);
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Auth perm="member:card:revoke">
      <Button size="small" onClick={() => setOpen(true)}>
        吊销/恢复
      </Button>
      <FormDialog title="吊销/恢复电子会员证" open={open} onCancel={() => setOpen(false)} saving={saving} onOk={() => void save().catch(() => undefined)}>
        <Form form={form} layout="vertical" initialValues={{ Revoke: true, Reason: '' }} preserve={false}>
          <Form.Item name="Revoke" label="操作">
            <Radio.Group options={choices} />
          </Form.Item>
          <Form.Item
            name="Reason"
            label="原因"
            rules={revoking ? [{ required: true, whitespace: true, message: membershipMessages.cardRevokeReasonRequired }] : []}
          >
            <Input.TextArea
              placeholder={revoking ? membershipMessages.cardRevokeReasonRequired : '选填'}
              maxLength={membershipLimits.cardRevokeReason}
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        </Form>
      </FormDialog>
    </Auth>
  );
}
