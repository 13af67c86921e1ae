import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { membershipLimits, membershipMessages, saveDuesAccountBody, type DuesAccountDto } from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { useAuth } from '../../../access/AdminSession';
import { FormDialog } from '../../../shared/FormDialog';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule } from '../../content/fields';
import { duesAccountKey } from '../membershipKeys';

const { shape } = saveDuesAccountBody;

/** 设置收款账户: the three fields together; all three emptied, members are told to contact the association. */
function DuesAccountDialog({ account, open, onClose }: { account: DuesAccountDto | undefined; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<DuesAccountDto>();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const { submit, saving } = useFormSubmit(form, membershipAdminApi.saveDuesAccount, (saved) => {
    queries.setQueryData(duesAccountKey, saved);
    message.success(membershipMessages.duesAccountSaved);
    onClose();
  });
  return (
    <FormDialog title="设置收款账户" open={open} onOk={() => void submit()} onCancel={onClose} saving={saving}>
      <Form form={form} layout="vertical" preserve={false} initialValues={account}>
        <TextItem name="AccountName" label="开户名称" rules={[schemaRule(shape.AccountName)]} maxLength={membershipLimits.accountName} />
        <TextItem
          name="BankName"
          label="开户银行"
          rules={[schemaRule(shape.BankName)]}
          maxLength={membershipLimits.bankName}
          placeholder="如：中国工商银行北京西城支行"
        />
        <TextItem
          name="AccountNo"
          label="银行账号"
          rules={[schemaRule(shape.AccountNo)]}
          maxLength={membershipLimits.accountNo}
          placeholder="数字，可用空格分组"
        />
      </Form>
    </FormDialog>
  );
}

/**
 * 收款账户 on 会员等级, beside the fees it collects: where members pay, as 我的会籍's 如何续费 and the
 * renewal reminders state it. Until it is set they tell members to contact the association.
 */
export function DuesAccountCard() {
  const can = useAuth();
  const account = useQuery({ queryKey: duesAccountKey, queryFn: membershipAdminApi.duesAccount });
  const [editing, setEditing] = useState(false);
  const set = Boolean(account.data?.AccountNo);
  return (
    <Card
      size="small"
      title="收款账户"
      style={{ marginBottom: 16 }}
      loading={account.isPending}
      extra={
        can('member:level:edit') && (
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!account.data}>
            设置收款账户
          </Button>
        )
      }
    >
      {set && account.data ? (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="开户名称">{account.data.AccountName}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{account.data.BankName}</Descriptions.Item>
          <Descriptions.Item label="银行账号">{account.data.AccountNo}</Descriptions.Item>
        </Descriptions>
      ) : (
        <span>未设置：会员的“如何续费”和续费提醒邮件将请会员联系协会获取缴费账户。</span>
      )}
      <DuesAccountDialog account={account.data} open={editing} onClose={() => setEditing(false)} />
    </Card>
  );
}
