import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Input, List } from 'antd';
import { paging } from '@portal/shared';
import { formsAdminApi, type FormResultFilters } from '../../../../../api/forms-admin';
import { resultsKey } from '../status';
import styles from './results.module.css';

interface TextAnswersProps {
  formId: number;
  field: string;
  label: string;
  filters: FormResultFilters;
}

/** A text question's answers, newest first, searched by part of the text and paged (GetFormTexts). */
export function TextAnswers({ formId, field, label, filters }: TextAnswersProps) {
  const [key, setKey] = useState('');
  const [pageindex, setPage] = useState<number>(paging.firstPage);
  const pagesize = 5;
  const answers = useQuery({
    queryKey: [...resultsKey(formId), 'texts', field, filters, key, pageindex],
    queryFn: () => formsAdminApi.texts({ formid: formId, field, key: key || undefined, ...filters, pageindex, pagesize }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={styles.texts}>
      <Input.Search
        allowClear
        aria-label={`搜索「${label}」的回答`}
        placeholder="搜索回答内容"
        onSearch={(text) => {
          setKey(text.trim());
          setPage(paging.firstPage);
        }}
        className={styles.textSearch}
      />
      <List
        size="small"
        loading={answers.isFetching}
        dataSource={answers.data?.List ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: pageindex,
          pageSize: pagesize,
          total: answers.data?.TotalCount ?? 0,
          onChange: setPage,
          size: 'small',
          hideOnSinglePage: true,
          showTotal: (total) => `共 ${total} 条`,
        }}
        renderItem={(a) => (
          <List.Item key={a.ResponseId} extra={<span className={styles.textTime}>{a.CreateTime.slice(0, 16)}</span>}>
            <span className={styles.textAnswer}>{a.Text}</span>
          </List.Item>
        )}
      />
    </div>
  );
}
