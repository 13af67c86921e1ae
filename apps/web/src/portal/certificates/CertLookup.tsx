import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { messages, paging, type CertRecordDto } from '@portal/shared';
import { certificatesApi, type CertProof, type CertQuery } from '../../api/certificates';
import { CertResults } from './CertResults';
import styles from '../content/content.module.css';

const emptyQuery: CertQuery = { Name: '', IdNum: '', CertNum: '' };

/**
 * The visitor's lookup (spec §2 certsearch): a name plus an ID number or a certificate number,
 * matched exactly by the server. Before a search only the form shows; after it, the results.
 * The address may carry Name and CertNum (links printed on certificates): with both, the search
 * runs at once. The ID number never goes into the address.
 */
export function CertLookup() {
  const [params, setParams] = useSearchParams();
  const initial: CertQuery = { ...emptyQuery, Name: params.get('Name')?.trim() ?? '', CertNum: params.get('CertNum')?.trim() ?? '' };
  const [form] = Form.useForm<CertQuery>();
  const [searched, setSearched] = useState<CertQuery | null>(initial.Name && initial.CertNum ? initial : null);
  const [page, setPage] = useState<number>(paging.firstPage);

  const result = useQuery({
    queryKey: ['certSearch', searched, page],
    queryFn: () => certificatesApi.search(searched ?? emptyQuery, page),
    enabled: searched !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const search = (values: CertQuery) => {
    const q = { Name: values.Name.trim(), IdNum: values.IdNum?.trim() ?? '', CertNum: values.CertNum?.trim() ?? '' };
    setSearched(q);
    setPage(paging.firstPage);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('Name', q.Name);
      if (q.CertNum) next.set('CertNum', q.CertNum);
      else next.delete('CertNum');
      return next;
    }, { replace: true });
  };

  const reset = () => {
    // Clear rather than resetFields(): that would bring back the Name and CertNum of the address.
    form.setFields((Object.keys(emptyQuery) as (keyof CertQuery)[]).map((name) => ({ name, value: '', errors: [] })));
    setSearched(null);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('Name');
      next.delete('CertNum');
      return next;
    }, { replace: true });
  };

  /** The ID number searched with proves the record; otherwise its name and certificate number do. */
  const proofOf = (record: CertRecordDto): CertProof => (searched?.IdNum ? { IdNum: searched.IdNum } : { Name: record._name, CertNum: record._certNum });

  return (
    <>
      <p style={{ margin: '16px 0' }}>请输入姓名，并填写身份证号或证书编号中的一项进行查询。</p>
      <Form form={form} layout="inline" className={styles.certForm} initialValues={initial} onFinish={search}>
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
                value?.trim() || (getFieldValue('CertNum') as string | undefined)?.trim() ? Promise.resolve() : Promise.reject(new Error(messages.certIdOrNumRequired)),
            }),
          ]}
        >
          <Input placeholder="请输入身份证号" allowClear maxLength={18} autoComplete="off" />
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
      {searched && <CertResults result={result} page={page} onPage={setPage} proofOf={proofOf} />}
    </>
  );
}
