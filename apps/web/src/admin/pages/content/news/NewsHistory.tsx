import { useEffect, useState } from 'react';
import { App, Button, Drawer, Grid, Modal, Popconfirm, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { dialogWidth, messages, paging, revisionKindNames, RevisionKind, type AdminNewsItemDto, type NewsRevisionListItemDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { useAuth } from '../../../access/AdminSession';
import { adminQueryKeys } from '../../../session/queries';
import { RevisionCompare } from './RevisionCompare';

const revisionsKey = [...adminQueryKeys.all, 'newsRevisions'];

/** Who saved a revision: the admin's name (the account when it has none), or the contributing member's company. */
export const editorName = (r: Pick<NewsRevisionListItemDto, 'AdminName' | 'AdminAccount' | 'MemberName'>) =>
  r.AdminName || r.AdminAccount || (r.MemberName ? `${r.MemberName}（会员）` : '-');

/** The saver's name, the account in its tooltip. */
const Editor = ({ r }: { r: NewsRevisionListItemDto }) => <span title={r.AdminAccount || undefined}>{editorName(r)}</span>;

/** A revision's heading in the comparison: 版本 3 · 张编辑 · 2024-06-01 10:00:00. */
export const revisionTitle = (r: Pick<NewsRevisionListItemDto, 'RevisionNo' | 'AdminName' | 'AdminAccount' | 'MemberName' | 'CreateTime'>) =>
  `版本 ${r.RevisionNo} · ${editorName(r)} · ${r.CreateTime}`;

/**
 * 历史版本 of one article: every save newest first (版本 1, 2, 3 …), with who, when and what it
 * changed. Two ticked revisions are compared side by side; 恢复 brings one back as a new save
 * (and version). The title is the article's as the list last read it, so a restore renames it.
 */
export function NewsHistory({ news, onClose, onRestored }: { news: AdminNewsItemDto | null; onClose: () => void; onRestored: () => void }) {
  const wide = Grid.useBreakpoint().md;
  const [title, setTitle] = useState('');
  return (
    <Drawer
      title={news ? `历史版本：${title || news.Title}` : ''}
      open={news !== null}
      onClose={onClose}
      afterOpenChange={(open) => !open && setTitle('')}
      size={wide ? 820 : '100%'}
      destroyOnHidden
    >
      {news && <History news={news} onRestored={onRestored} onTitle={setTitle} />}
    </Drawer>
  );
}

/** What a revision changed: its kind, then the fields; and what 校对 found that the editor confirmed saving with. */
const changeCell = (r: NewsRevisionListItemDto) => (
  <>
    <Tag color={r.Kind === RevisionKind.Restored ? 'purple' : r.Kind === RevisionKind.Created ? 'green' : 'blue'}>{revisionKindNames[r.Kind]}</Tag>
    {r.Summary}
    {r.ProofreadNote && (
      <div>
        <Typography.Text type="danger">{r.ProofreadNote}</Typography.Text>
      </div>
    )}
  </>
);

/** Time, who and what in columns of their own, or on a phone stacked in one. */
const wideColumns: TableColumnsType<NewsRevisionListItemDto> = [
  { title: '版本', dataIndex: 'RevisionNo', width: 60 },
  { title: '时间', dataIndex: 'CreateTime', width: 165 },
  { title: '操作人', key: 'editor', width: 130, ellipsis: true, render: (_, r) => <Editor r={r} /> },
  { title: '改动', key: 'summary', render: (_, r) => changeCell(r) },
];
const narrowColumns: TableColumnsType<NewsRevisionListItemDto> = [
  { title: '版本', dataIndex: 'RevisionNo', width: 48 },
  {
    title: '时间 / 操作人 / 改动',
    key: 'revision',
    render: (_, r) => (
      <Space size={2} vertical>
        <span>{r.CreateTime}</span>
        <Typography.Text type="secondary">
          <Editor r={r} />
        </Typography.Text>
        <span>{changeCell(r)}</span>
      </Space>
    ),
  },
];

function History({ news, onRestored, onTitle }: { news: AdminNewsItemDto; onRestored: () => void; onTitle: (title: string) => void }) {
  const { message } = App.useApp();
  const can = useAuth();
  const wide = Grid.useBreakpoint().md;
  const [page, setPage] = useState<number>(paging.firstPage);
  const [chosen, setChosen] = useState<number[]>([]);
  const [comparing, setComparing] = useState<[number, number] | null>(null);
  const list = useQuery({
    queryKey: [...revisionsKey, news.NewsId, page],
    queryFn: () => contentAdminApi.revisions(news.NewsId, { pageindex: page, pagesize: paging.defaultSize }),
    placeholderData: keepPreviousData,
  });
  const title = list.data?.Title;
  useEffect(() => {
    if (title) onTitle(title);
  }, [title, onTitle]);

  const restore = async (revision: NewsRevisionListItemDto) => {
    try {
      await contentAdminApi.restoreRevision(revision.RevisionId, list.data?.Version ?? 0);
      void message.success(messages.ok);
      setChosen([]);
      onRestored();
    } catch {
      // Shown by the API client (文章已被他人修改 included); the list below is read again either way.
    }
    setPage(paging.firstPage);
    await list.refetch();
  };

  // Two at most: a third tick replaces the earlier of the two.
  const choose = (keys: number[]) => setChosen(keys.length > 2 ? keys.slice(-2) : keys);
  const compare = () => {
    const [a, b] = [...chosen].sort((x, y) => x - y);
    if (a !== undefined && b !== undefined) setComparing([a, b]);
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={chosen.length !== 2} onClick={compare}>
          比较所选版本
        </Button>
        <Typography.Text type="secondary">勾选两个版本进行比较（已选 {chosen.length} 个）</Typography.Text>
      </Space>
      <Table<NewsRevisionListItemDto>
        size="small"
        rowKey="RevisionId"
        loading={list.isFetching}
        dataSource={list.data?.List}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => choose(keys.map(Number)), hideSelectAll: true, preserveSelectedRowKeys: true }}
        pagination={{
          current: page,
          pageSize: paging.defaultSize,
          total: list.data?.TotalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        locale={{ emptyText: '暂无历史版本（本功能启用后的每次保存都会留存）' }}
        columns={[
          ...(wide ? wideColumns : narrowColumns),
          ...(can('content:news:edit')
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 64,
                  render: (_: unknown, r: NewsRevisionListItemDto) => (
                    <Popconfirm title={`恢复到版本 ${r.RevisionNo}？`} description="恢复后将生成新的版本" okText="恢复" onConfirm={() => restore(r)}>
                      <Button type="link" size="small">
                        恢复
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <CompareDialog ids={comparing} onClose={() => setComparing(null)} />
    </>
  );
}

/** The two chosen revisions, the older on the left. */
function CompareDialog({ ids, onClose }: { ids: [number, number] | null; onClose: () => void }) {
  const [older, newer] = useQueries({
    queries: (ids ?? [0, 0]).map((id) => ({
      queryKey: [...revisionsKey, 'one', id],
      queryFn: () => contentAdminApi.revision(id),
      enabled: ids !== null,
      staleTime: Infinity,
    })),
  });
  const wide = Grid.useBreakpoint().md;
  return (
    <Modal
      title="版本比较"
      open={ids !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={wide ? dialogWidth.large : '100%'}
      destroyOnHidden
    >
      {older?.data && newer?.data ? (
        <RevisionCompare before={{ title: revisionTitle(older.data), article: older.data }} after={{ title: revisionTitle(newer.data), article: newer.data }} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
