import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tabs } from 'antd';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import type { FormSummaryDto } from '@portal/shared';
import { formsAdminApi, type FormResultFilters } from '../../../../../api/forms-admin';
import { DownloadButton } from '../../../../../components/DownloadButton';
import { SearchForm, type SearchField } from '../../../../../components/SearchForm';
import { Auth } from '../../../../access/AdminSession';
import { formKey, kindName, resultsKey } from '../status';
import { SubPage } from '../SubPage';
import { PrintSummary } from './PrintSummary';
import { QuestionSummary } from './QuestionSummary';
import { Responses } from './Responses';
import { TextAnswers } from './TextAnswers';
import styles from './results.module.css';

const filterFields: SearchField<FormResultFilters>[] = [
  { kind: 'memberLevel', name: 'level', label: '会员等级' },
  { kind: 'input', name: 'region', label: '地区', placeholder: '如：浙江、杭州' },
  { kind: 'dateRange', name: 'days', names: ['start', 'end'], label: '提交日期' },
];

/** The number each question has in the form (headings and texts are not counted). */
const numbered = (summary: FormSummaryDto) => summary.Questions.map((q, i) => ({ q, number: i + 1 }));

/**
 * 结果: the summary per question (counts, shares and charts, averages, the text answers listed
 * and searched), every response, both under the filters (member level, region, days
 * submitted); 导出 all responses to .xlsx, and 打印汇总 the summary on paper.
 */
export default function FormResults({ formId, onBack }: { formId: number; onBack: () => void }) {
  const [filters, setFilters] = useState<FormResultFilters>({});
  const form = useQuery({ queryKey: formKey(formId), queryFn: () => formsAdminApi.detail(formId) });
  const summary = useQuery({
    queryKey: [...resultsKey(formId), 'summary', filters],
    queryFn: () => formsAdminApi.summary(formId, filters),
    placeholderData: keepPreviousData,
  });
  const title = form.data?.Title ?? '';
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');

  return (
    <>
      <SearchForm<FormResultFilters> fields={filterFields} onSearch={setFilters} loading={summary.isFetching} />
      <SubPage
        title={
          <>
            {title && `${kindName(form.data!.Kind)}结果：${title}`}
            {summary.data && (
              <span className={styles.total}>
                共 {summary.data.Responses} 份{filtered ? '（已筛选）' : ''}
              </span>
            )}
          </>
        }
        onBack={onBack}
        actions={
          <>
            <Auth perm="content:form:export">
              <DownloadButton icon={<FileExcelOutlined />} run={() => formsAdminApi.exportResponses(formId, title, filters)}>
                导出
              </DownloadButton>
            </Auth>
            <Button icon={<PrinterOutlined />} disabled={!summary.data} onClick={() => window.print()}>
              打印汇总
            </Button>
          </>
        }
      >
        {summary.isError && <Alert type="error" title="结果读取失败" />}
        {!summary.data || !form.data ? (
          !summary.isError && <Skeleton active />
        ) : (
          <Tabs
            items={[
              {
                key: 'summary',
                label: '汇总',
                children:
                  summary.data.Responses === 0 ? (
                    <Empty description="暂无提交" />
                  ) : (
                    <div className={styles.questions}>
                      {numbered(summary.data).map(({ q, number }) => (
                        <QuestionSummary
                          key={q.Key}
                          question={q}
                          number={number}
                          texts={<TextAnswers formId={formId} field={q.Key} label={q.Label} filters={filters} />}
                        />
                      ))}
                    </div>
                  ),
              },
              {
                key: 'responses',
                label: '提交记录',
                children: <Responses formId={formId} fields={form.data.Fields} filters={filters} anonymous={form.data.Anonymous} />,
              },
            ]}
          />
        )}
      </SubPage>
      {summary.data && form.data && <PrintSummary summary={summary.data} form={form.data} filters={filters} numbered={numbered(summary.data)} />}
    </>
  );
}
