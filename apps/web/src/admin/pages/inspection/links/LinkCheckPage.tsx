import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Segmented, Select, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { linkHandledNames, linkKindNames, linkKinds, linkProblemNames, paging, type LinkFindingDto, type LinkHandled, type LinkKind } from '@portal/shared';
import { linkCheckApi } from '../../../../api/link-check';
import { DownloadButton } from '../../../../components/DownloadButton';
import { Auth, useAuth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { HandleDialog } from './HandleDialog';
import { linkCheckKeys } from './keys';
import { RunSummary } from './RunSummary';
import styles from './links.module.css';

const handledColors: Record<LinkHandled, string> = { open: 'red', fixed: 'green', ignored: 'default' };

/** The article's editor in the back office: 文章管理 with the article opened. */
export const editorLink = (newsId: number) => `/System/content/news?edit=${newsId}`;

function columns(onHandle: ((f: LinkFindingDto) => void) | undefined): TableColumnsType<LinkFindingDto> {
  return [
    { title: '类型', dataIndex: 'Kind', width: 90, render: (k: LinkKind) => linkKindNames[k] },
    { title: '地址', dataIndex: 'Url', render: (url: string) => <span className={styles.url}>{url}</span> },
    {
      title: '问题',
      dataIndex: 'Problem',
      width: 150,
      render: (_: unknown, f) => <Tooltip title={f.Detail || undefined}>{linkProblemNames[f.Problem]}</Tooltip>,
    },
    {
      title: '所在文章',
      dataIndex: 'NewsTitle',
      render: (_: unknown, f) => (
        <>
          <Link to={editorLink(f.NewsId)}>{f.NewsTitle}</Link>
          <div className={styles.muted}>{f.MenuName}</div>
        </>
      ),
    },
    { title: '编辑', dataIndex: 'EditorName', width: 110, render: (_: unknown, f) => f.EditorName || f.EditorAccount || '—' },
    {
      title: '处理状态',
      dataIndex: 'Handled',
      width: 120,
      render: (_: unknown, f) => (
        <Tooltip title={f.Reason ? `${f.Reason}（${f.HandledBy} ${f.HandledAt}）` : undefined}>
          <Tag color={handledColors[f.Handled]}>{linkHandledNames[f.Handled]}</Tag>
        </Tooltip>
      ),
    },
    ...(onHandle
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, f: LinkFindingDto) => (
              <Button type="link" size="small" onClick={() => onHandle(f)}>
                处理
              </Button>
            ),
          },
        ]
      : []),
  ];
}

/**
 * 链接检查 (component inspection/links/index): the latest run and 开始检查, then the broken links
 * and attachments the last complete run found, each with its article (opened in 文章管理) and its
 * editor; 处理 marks one 已处理 or 忽略 with a reason; 导出. docs/inspection.md, "链接检查".
 */
export default function LinkCheckPage() {
  const can = useAuth();
  const [kind, setKind] = useState<LinkKind | 'all'>('all');
  const [handled, setHandled] = useState<LinkHandled | undefined>(undefined);
  const [page, setPage] = useState<number>(paging.firstPage);
  const [handling, setHandling] = useState<LinkFindingDto | null>(null);
  const filter = { ...(kind === 'all' ? {} : { kind }), ...(handled ? { handled } : {}) };
  const query = { ...filter, pageindex: page, pagesize: paging.defaultSize };
  const findings = useQuery({ queryKey: linkCheckKeys.findings(query), queryFn: () => linkCheckApi.findings(query), placeholderData: keepPreviousData });

  return (
    <div className={styles.page}>
      <RunSummary />
      <Panel>
        <div className={styles.toolbar}>
          <Segmented<LinkKind | 'all'>
            aria-label="类型"
            value={kind}
            options={[{ value: 'all', label: '全部' }, ...linkKinds.map((k) => ({ value: k, label: linkKindNames[k] }))]}
            onChange={(k) => {
              setKind(k);
              setPage(paging.firstPage);
            }}
          />
          <Select<LinkHandled>
            aria-label="处理状态"
            placeholder="处理状态"
            allowClear
            style={{ width: 130 }}
            value={handled}
            options={(['open', 'fixed', 'ignored'] as const).map((h) => ({ value: h, label: linkHandledNames[h] }))}
            onChange={(h) => {
              setHandled(h);
              setPage(paging.firstPage);
            }}
          />
          <span className={styles.spacer} />
          <Auth perm="inspection:links:export">
            <DownloadButton icon={<FileExcelOutlined />} run={() => linkCheckApi.exportFindings(filter, '链接问题.xlsx')}>
              导出
            </DownloadButton>
          </Auth>
        </div>
        <Table<LinkFindingDto>
          rowKey="Id"
          size="middle"
          scroll={{ x: 900 }}
          loading={findings.isFetching}
          columns={columns(can('inspection:links:handle') ? setHandling : undefined)}
          dataSource={findings.data?.List ?? []}
          locale={{ emptyText: '没有发现链接问题' }}
          pagination={{ current: page, pageSize: paging.defaultSize, total: findings.data?.TotalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </Panel>
      <HandleDialog finding={handling} onClose={() => setHandling(null)} />
    </div>
  );
}
