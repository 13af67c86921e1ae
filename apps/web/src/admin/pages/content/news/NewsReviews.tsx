import { useState } from 'react';
import { Button, Drawer, Grid, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paging, type AdminNewsItemDto, type ReviewListItemDto } from '@portal/shared';
import { reviewApi } from '../../../../api/review';
import { ApprovalDialog } from '../review/ApprovalDialog';
import { reviewColumns } from '../review/columns';
import { reviewKeys } from '../review/keys';

/**
 * 审批记录 of one article: each time it went through its menu's review chain (a new article, an
 * edit, a resubmission after 驳回), newest first, each with its 审批单 to read, print or export.
 */
export function NewsReviews({ news, onClose }: { news: AdminNewsItemDto | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md;
  return (
    <Drawer title={news ? `审批记录：${news.Title}` : ''} open={news !== null} onClose={onClose} size={wide ? 820 : '100%'} destroyOnHidden>
      {news && <Reviews newsId={news.NewsId} />}
    </Drawer>
  );
}

const columns = reviewColumns({ article: false });

function Reviews({ newsId }: { newsId: number }) {
  const [page, setPage] = useState<number>(paging.firstPage);
  const [sheet, setSheet] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...reviewKeys.ofArticle(newsId), page],
    queryFn: () => reviewApi.list({ scope: 'all', newsid: newsId, pageindex: page, pagesize: paging.defaultSize }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Table<ReviewListItemDto>
        size="small"
        rowKey="ReviewId"
        loading={list.isFetching}
        dataSource={list.data?.List}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: paging.defaultSize,
          total: list.data?.TotalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        locale={{ emptyText: '暂无审批记录（所在栏目设置审核流程后，每次提交审核都会留存）' }}
        columns={[
          ...columns,
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setSheet(r.ReviewId)}>
                审批单
              </Button>
            ),
          },
        ]}
      />
      <ApprovalDialog reviewId={sheet} onClose={() => setSheet(null)} />
    </>
  );
}
