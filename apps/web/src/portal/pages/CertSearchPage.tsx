import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { messages, paging, type ListDto } from '@portal/shared';
import { get } from '../../api/client';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';

/** A certificate record as GetCertList answers it (spec §3). */
interface CertRecord {
  _certId: number;
  _name: string;
  _idNum: string;
  _company: string;
  _examTime: string;
  _examStatus: number;
  _certNum: string;
  _issueDate: string;
  _remarks: string;
}

interface CertQuery {
  Name: string;
  IdNum: string;
  CertNum: string;
}

// The certificate calls of spec §7; they move to api/certificates.ts with the certificates feature.
const certApi = {
  list: (q: CertQuery, pageindex: number) =>
    get<ListDto<CertRecord>>('XfWebApi/GetCertList', { ...q, pageindex, pagesize: paging.defaultSize }, { silent: true }),
  /** Base64 PNG of a passed candidate's certificate. */
  image: (IdNum: string, CertId: number) => get<string>('XfWebApi/DownCert', { IdNum, CertId }),
};

/** Exam status of spec §4: 0 -, 1 合格, otherwise 不合格. */
const examResult = (status: number) => (status === 0 ? '-' : status === 1 ? '合格' : '不合格');
const orDash = (text: string | null | undefined) => text || '-';

const emptyQuery: CertQuery = { Name: '', IdNum: '', CertNum: '' };

/**
 * 证书及成绩查询 (spec §2 certsearch): name plus ID number or certificate number. The address may
 * carry Name and CertNum (links printed on certificates); with both, the search runs at once.
 * The ID number is never put in the address.
 */
export function CertSearchPage() {
  const [params, setParams] = useSearchParams();
  const initial: CertQuery = { ...emptyQuery, Name: params.get('Name')?.trim() ?? '', CertNum: params.get('CertNum')?.trim() ?? '' };
  const [form] = Form.useForm<CertQuery>();
  const [searched, setSearched] = useState<CertQuery | null>(initial.Name && initial.CertNum ? initial : null);
  const [page, setPage] = useState<number>(paging.firstPage);
  const downloading = useRef(false);
  const { message } = App.useApp();

  const result = useQuery({
    queryKey: ['certList', searched, page],
    queryFn: () => certApi.list(searched ?? emptyQuery, page),
    enabled: searched !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const search = (values: CertQuery) => {
    const q = { Name: values.Name.trim(), IdNum: values.IdNum?.trim() ?? '', CertNum: values.CertNum?.trim() ?? '' };
    setSearched(q);
    setPage(paging.firstPage);
    setParams({ Name: q.Name, ...(q.CertNum ? { CertNum: q.CertNum } : {}) }, { replace: true });
  };

  const reset = () => {
    // Clear rather than resetFields(): that would bring back the Name and CertNum of the address.
    form.setFields((Object.keys(emptyQuery) as (keyof CertQuery)[]).map((name) => ({ name, value: '', errors: [] })));
    setSearched(null);
    setParams({}, { replace: true });
  };

  /** Saves the certificate as «name»证书.png; one download at a time (spec §2). */
  const download = async (record: CertRecord) => {
    if (downloading.current) {
      void message.warning(messages.downloading);
      return;
    }
    downloading.current = true;
    try {
      const base64 = await certApi.image(searched?.IdNum || record._idNum, record._certId);
      const link = document.createElement('a');
      link.href = `data:image/png;base64,${base64}`;
      link.download = `${record._name}证书.png`;
      link.click();
    } catch {
      // The call's own notification has told the user why.
    } finally {
      downloading.current = false;
    }
  };

  const columns: TableColumnsType<CertRecord> = [
    { title: '序号', key: 'index', width: 70, align: 'center', render: (_v, _r, i) => (page - 1) * paging.defaultSize + i + 1 },
    { title: '姓名', dataIndex: '_name', render: orDash },
    { title: '身份证号', dataIndex: '_idNum', render: orDash },
    { title: '工作单位', dataIndex: '_company', render: orDash },
    { title: '考试时间', dataIndex: '_examTime', render: orDash },
    { title: '考试结果', dataIndex: '_examStatus', render: examResult },
    { title: '证书编号', dataIndex: '_certNum', render: orDash },
    { title: '发证日期', dataIndex: '_issueDate', render: orDash },
    { title: '备注', dataIndex: '_remarks', render: orDash },
    {
      title: '证书',
      key: 'cert',
      fixed: 'right',
      width: 90,
      align: 'center',
      render: (_v, record) =>
        record._examStatus === 1 ? (
          <Button type="link" size="small" onClick={() => void download(record)}>
            下载
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <ContentPage>
      <Panel title="证书及成绩查询" crumbs={<MenuCrumbs path={[]} tail="证书及成绩查询" />}>
        <p style={{ margin: '16px 0' }}>请输入姓名，并填写身份证号或证书编号中的一项进行查询。</p>
        <Form form={form} layout="inline" initialValues={initial} onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item label="姓名" name="Name" rules={[{ required: true, whitespace: true, message: messages.certNameRequired }]}>
            <Input placeholder="请输入姓名" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item
            label="身份证号"
            name="IdNum"
            dependencies={['CertNum']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value?: string) =>
                  value?.trim() || (getFieldValue('CertNum') as string | undefined)?.trim()
                    ? Promise.resolve()
                    : Promise.reject(new Error(messages.certIdOrNumRequired)),
              }),
            ]}
          >
            <Input placeholder="请输入身份证号" allowClear maxLength={18} />
          </Form.Item>
          <Form.Item label="证书编号" name="CertNum">
            <Input placeholder="请输入证书编号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={result.isFetching}>
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
        {searched && (
          <Table<CertRecord>
            style={{ marginTop: 24 }}
            rowKey="_certId"
            columns={columns}
            dataSource={result.data?.List ?? []}
            loading={result.isFetching}
            scroll={{ x: 1000 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={result.error?.message ?? messages.empty} /> }}
            pagination={{
              current: page,
              pageSize: paging.defaultSize,
              total: result.data?.TotalCount ?? 0,
              showTotal: (n) => `共 ${n} 条`,
              showSizeChanger: false,
              showLessItems: true,
              onChange: setPage,
            }}
          />
        )}
      </Panel>
    </ContentPage>
  );
}
