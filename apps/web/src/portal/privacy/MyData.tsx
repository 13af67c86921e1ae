import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Collapse, Empty, Form, Input, Result, Select, Skeleton, Table, Tag } from 'antd';
import {
  RIGHTS_DEADLINE_DAYS,
  rightsKindNames,
  rightsKinds,
  rightsLimits,
  RightsStatus,
  saveRightsRequestBody,
  sitePages,
  type MyDataSectionDto,
  type RightsRequestDto,
  type SaveRightsRequestBody,
} from '@portal/shared';
import type { PersonRightsApi } from '../../api/rights';
import { DownloadButton } from '../../components/DownloadButton';
import { useFormSubmit } from '../../components/useFormSubmit';
import { schemaRule } from '../member/schemaRule';
import styles from './consents.module.css';

const requestsKey = (api: PersonRightsApi) => ['myRightsRequests', api.key];

/**
 * 我的个人信息: what the association holds about the person by kind (查阅), the same as a
 * workbook or JSON (复制), and requests to correct or delete it, answered within 15 working days.
 * A member, an applicant and a certificate holder see the same, each through their own calls
 * (`api`); `withConsents` links a member's 隐私与授权.
 */
export function MyData({ api, withConsents = false }: { api: PersonRightsApi; withConsents?: boolean }) {
  const data = useQuery({ queryKey: ['myData', api.key], queryFn: api.myData });
  if (data.isPending) return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  if (data.isError) return <Result status="warning" title={data.error.message} />;
  return (
    <div>
      <p className={styles.intro}>
        以下是协会保存的您的个人信息（不含密码等登录凭据），您可以随时查阅和下载副本。如发现信息有误或希望删除，请在下方提出请求，协会将在
        {RIGHTS_DEADLINE_DAYS}个工作日内答复。
        {withConsents && (
          <>
            您在提交信息时同意的授权见<a href={sitePages.consents.path}>隐私与授权</a>。
          </>
        )}
      </p>
      <div className={styles.downloads}>
        <DownloadButton run={() => api.downloadMyData('xlsx')}>下载副本（Excel）</DownloadButton>
        <DownloadButton run={() => api.downloadMyData('json')}>下载副本（JSON）</DownloadButton>
        <span className={styles.exportTime}>截至 {data.data.ExportTime.slice(0, 16)}</span>
      </div>
      <Collapse
        className={styles.sections}
        items={data.data.Sections.map((s) => ({ key: s.Name, label: `${s.Name}（${s.Rows.length}）`, children: <Section section={s} /> }))}
        defaultActiveKey={[data.data.Sections[0]?.Name ?? '']}
      />
      <h2 className={styles.heading}>更正、删除或查阅请求</h2>
      <RequestForm api={api} />
      <MyRequests api={api} />
    </div>
  );
}

function Section({ section: s }: { section: MyDataSectionDto }) {
  if (s.Rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />;
  return (
    <Table
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowKey={(_, i) => String(i)}
      columns={s.Columns.map((title, i) => ({ title, key: String(i), render: (_: unknown, row: string[]) => row[i] }))}
      dataSource={s.Rows}
    />
  );
}

function RequestForm({ api }: { api: PersonRightsApi }) {
  const [form] = Form.useForm<SaveRightsRequestBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { submit, saving } = useFormSubmit(form, api.ask, (said) => {
    void message.success(said);
    form.resetFields();
    // The list of requests, and the copy's section that counts them.
    void queryClient.invalidateQueries({ queryKey: requestsKey(api) });
    void queryClient.invalidateQueries({ queryKey: ['myData', api.key] });
  });
  return (
    <Form form={form} layout="vertical" className={styles.requestForm} initialValues={{ Kind: 'correction', Content: '' }} onFinish={() => void submit()}>
      <Form.Item name="Kind" label="请求类型" rules={[schemaRule(saveRightsRequestBody, 'Kind')]}>
        <Select options={rightsKinds.map((kind) => ({ value: kind, label: rightsKindNames[kind] }))} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="Content" label="请求内容" rules={[schemaRule(saveRightsRequestBody, 'Content')]}>
        <Input.TextArea rows={4} maxLength={rightsLimits.content} showCount placeholder="请写明需要更正的信息及正确内容，或需要删除的信息" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        提交请求
      </Button>
    </Form>
  );
}

function MyRequests({ api }: { api: PersonRightsApi }) {
  const requests = useQuery({ queryKey: requestsKey(api), queryFn: api.myRequests });
  if (!requests.data?.length) return null;
  return (
    <ul className={styles.list} aria-label="我的请求">
      {requests.data.map((r) => (
        <RequestItem key={r.Id} request={r} />
      ))}
    </ul>
  );
}

function RequestItem({ request: r }: { request: RightsRequestDto }) {
  const color = r.Status === RightsStatus.Pending ? 'processing' : r.Status === RightsStatus.Done ? 'success' : 'default';
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <span className={styles.subject}>{r.KindName}</span>
        <Tag color={color}>{r.StatusName}</Tag>
      </div>
      <p className={styles.title}>{r.Content}</p>
      <p className={styles.facts}>
        {r.CreateTime.slice(0, 16)} 提交
        {r.Status === RightsStatus.Pending ? `，协会将于 ${r.DueTime.slice(0, 10)} 前答复` : `，${r.HandleTime.slice(0, 16)} 答复：${r.Answer}`}
      </p>
    </li>
  );
}
