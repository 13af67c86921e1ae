import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { verifyCertHolderBody, type CertHolderSessionDto, type VerifyCertHolderBody } from '@portal/shared';
import { holderRights, rightsApi } from '../../api/rights';
import { useFormSubmit } from '../../components/useFormSubmit';
import { schemaRule } from '../member/schemaRule';
import { MyData } from './MyData';
import styles from './consents.module.css';

/**
 * The holder's verification, then their data and requests through the token it answered. The
 * token lives in this page only: leaving or reloading asks again, as a shared computer should.
 */
export function HolderRights() {
  const [session, setSession] = useState<CertHolderSessionDto | null>(null);
  if (!session) return <VerifyForm onVerified={setSession} />;
  return (
    <div>
      <p className={styles.verified}>
        已核验：{session.Name}，有效至 {session.ExpireTime.slice(11, 16)}。
        <Button type="link" size="small" onClick={() => setSession(null)}>
          结束查看
        </Button>
      </p>
      <MyData api={holderRights(session.Token)} />
    </div>
  );
}

function VerifyForm({ onVerified }: { onVerified: (session: CertHolderSessionDto) => void }) {
  const [form] = Form.useForm<VerifyCertHolderBody>();
  const { submit, saving } = useFormSubmit(form, rightsApi.verifyHolder, onVerified);
  return (
    <Form form={form} layout="vertical" className={styles.requestForm} onFinish={() => void submit()} aria-label="持证人身份核验">
      <Form.Item name="Name" label="姓名" rules={[schemaRule(verifyCertHolderBody, 'Name')]}>
        <Input maxLength={100} autoComplete="name" />
      </Form.Item>
      <Form.Item name="IdNum" label="证件号码" rules={[schemaRule(verifyCertHolderBody, 'IdNum')]}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="Proof"
        label="证书编号或考试日期"
        rules={[schemaRule(verifyCertHolderBody, 'Proof')]}
        extra="填写您任一张证书的编号；没有证书的，填写考试日期，如 2026-05-16"
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        核验身份
      </Button>
    </Form>
  );
}
