import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, List, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ArticleStatus, messages, paging, type MyNewsItemDto } from '@portal/shared';
import { contributionsApi } from '../../api/contributions';
import { ArticleStatusTag } from '../../components/ArticleStatusTag';
import { ContributionDialog } from './ContributionDialog';
import { Pager } from '../content/Pager';
import { articleHref } from '../content/openArticle';
import styles from './contribute.module.css';

/** Spec §2: a rejected article's tag tells the reason on hover (and the line below says it for phones). */
function StatusTag({ item }: { item: MyNewsItemDto }) {
  const shown = <ArticleStatusTag status={item.Status} contribution />;
  return item.Status === ArticleStatus.Rejected && item.ProcessItemName ? <Tooltip title={`驳回原因：${item.ProcessItemName}`}>{shown}</Tooltip> : shown;
}

const queryKey = ['myContributions'];

/** 投稿中心's list (10 a page, newest first) with 投稿, and 修改 on rejected articles. */
export function ContributionList() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<number>(paging.firstPage);
  const [editing, setEditing] = useState<MyNewsItemDto | 'new' | null>(null);
  const pageSize = paging.myContributions;
  const list = useQuery({ queryKey: [...queryKey, page], queryFn: () => contributionsApi.mine(page, pageSize), placeholderData: keepPreviousData });

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.hint}>稿件提交后由协会审核，审核通过即在网站发布。</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          投稿
        </Button>
      </div>
      <List<MyNewsItemDto>
        loading={list.isLoading}
        dataSource={list.data?.List ?? []}
        locale={{ emptyText: <Empty description={messages.empty} /> }}
        renderItem={(item) => (
          <List.Item
            className={styles.item}
            actions={
              item.Status === ArticleStatus.Rejected
                ? [
                    <Button key="edit" size="small" icon={<EditOutlined />} onClick={() => setEditing(item)}>
                      修改
                    </Button>,
                  ]
                : []
            }
          >
            <div className={styles.entry}>
              <div className={styles.titleLine}>
                <StatusTag item={item} />
                <Link to={articleHref(item)} className={styles.title}>
                  {item.Title}
                </Link>
              </div>
              <div className={styles.meta}>
                {item.MenuName} · 提交于 {item.CreateTime}
                {item.Status === ArticleStatus.Published && ` · 发布于 ${item.NewsCreateTime}`}
              </div>
              {item.Status === ArticleStatus.Rejected && item.ProcessItemName && <div className={styles.reason}>驳回原因：{item.ProcessItemName}</div>}
            </div>
          </List.Item>
        )}
      />
      {(list.data?.TotalCount ?? 0) > pageSize && (
        <Pager page={page} pageSize={pageSize} total={list.data?.TotalCount ?? 0} label="投稿分页" onChange={setPage} />
      )}
      <ContributionDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(messages.submitted);
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey });
        }}
      />
    </>
  );
}
