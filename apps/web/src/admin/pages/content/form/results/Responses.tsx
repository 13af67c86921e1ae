import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Grid, Spin } from 'antd';
import { typeKinds, type FormFieldDto, type FormResponseDto } from '@portal/shared';
import { formsAdminApi, type FormResultFilters } from '../../../../../api/forms-admin';
import { DataTable, usePagedList } from '../../../../../components/DataTable';
import { FormView, type FormValues } from '../../../../../components/forms';
import { useTypeOptions } from '../../../../../components/SearchForm';
import { resultsKey } from '../status';
import styles from './results.module.css';

interface ResponsesProps {
  formId: number;
  fields: FormFieldDto[];
  filters: FormResultFilters;
  anonymous: boolean;
}

const who = (r: FormResponseDto, anonymous: boolean) => r.MemberName || (anonymous ? '匿名' : '访客');

/** 提交记录: every response under the filters, newest first; 查看 shows one with each answer. */
export function Responses({ formId, fields, filters, anonymous }: ResponsesProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const levels = useTypeOptions(typeKinds.memberLevel);
  const levelName = (id: number) => (id ? (levels.data?.find((l) => l.value === id)?.label ?? '') : '');
  const list = usePagedList([...resultsKey(formId), 'responses', filters], (page) => formsAdminApi.responses({ formid: formId, ...filters, ...page }), {});
  return (
    <>
      <DataTable<FormResponseDto>
        rowKey="ResponseId"
        numbered
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '提交时间', dataIndex: 'CreateTime', width: 170 },
          { title: '填写人', key: 'who', width: 200, render: (_, r) => who(r, anonymous) },
          { title: '会员等级', key: 'level', width: 110, render: (_, r) => levelName(r.MemberLevelId) || '-' },
          { title: '地区', dataIndex: 'Region', width: 140, render: (region: string) => region || '-' },
          { title: '网络地址', dataIndex: 'Ip', width: 130, render: (ip: string) => ip || '-' },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setViewing(r.ResponseId)}>
                查看
              </Button>
            ),
          },
        ]}
        {...list.tableProps}
      />
      <ResponseDrawer responseId={viewing} fields={fields} anonymous={anonymous} onClose={() => setViewing(null)} />
    </>
  );
}

/** One response: who and when, then each question shown to them with its answer, as the form draws it. */
function ResponseDrawer({
  responseId,
  fields,
  anonymous,
  onClose,
}: {
  responseId: number | null;
  fields: FormFieldDto[];
  anonymous: boolean;
  onClose: () => void;
}) {
  const response = useQuery({
    queryKey: ['admin', 'forms', 'response', responseId],
    queryFn: () => formsAdminApi.response(responseId!),
    enabled: responseId !== null,
  });
  const r = response.data;
  // A phone's whole width.
  const wide = Grid.useBreakpoint().md;
  return (
    <Drawer title="提交详情" open={responseId !== null} onClose={onClose} size={wide ? 560 : '100%'} destroyOnHidden>
      {!r ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            className={styles.respondent}
            items={[
              { key: 'time', label: '提交时间', children: r.CreateTime },
              { key: 'who', label: '填写人', children: who(r, anonymous) },
            ]}
          />
          <FormView definition={fields} value={r.Answers as FormValues} readOnly />
        </>
      )}
    </Drawer>
  );
}
