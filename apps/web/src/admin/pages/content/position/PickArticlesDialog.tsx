import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { dialogWidth, seatNames, type AdminNewsItemDto } from '@portal/shared';
import { contentAdminApi, type NewsQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { adminQueryKeys } from '../../../session/queries';
import { FormDialog } from '../../../shared/FormDialog';
import { ArticleStatusTag } from '../flags';

type Filters = Pick<NewsQuery, 'key' | 'menuid'>;
const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '标题' },
  { kind: 'menu', name: 'menuid', label: '所属栏目' },
];
const columns: TableColumnsType<AdminNewsItemDto> = [
  { title: '标题', dataIndex: 'Title' },
  { title: '所属栏目', dataIndex: 'MenuName', width: 140 },
  { title: '状态', dataIndex: 'Status', width: 100, render: (status: number) => <ArticleStatusTag status={status} /> },
  { title: '发布时间', dataIndex: 'NewsCreateTime', width: 170 },
];

interface PickArticlesDialogProps {
  /** The seat articles are added to; null when closed. */
  seat: number | null;
  onClose: () => void;
  /** Places the chosen articles; the page closes the dialog when that succeeds. */
  onPick: (ids: number[]) => Promise<unknown>;
}

/** The article list inside the dialog: searched and paged on its own, any page's rows may be ticked. */
function ArticleChooser({ selected, onSelect }: { selected: number[]; onSelect: (ids: number[]) => void }) {
  const list = usePagedList<AdminNewsItemDto, Filters>([...adminQueryKeys.all, 'pickArticles'], contentAdminApi.news, {});
  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <DataTable<AdminNewsItemDto>
        rowKey="NewsId"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)), preserveSelectedRowKeys: true }}
        scroll={{ y: 420 }}
        {...list.tableProps}
      />
    </>
  );
}

/** 添加文章: tick articles from the article list and put them into the seat. */
export function PickArticlesDialog({ seat, onClose, onPick }: PickArticlesDialogProps) {
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  // A closed dialog forgets its ticks, so the next opening starts empty.
  if (seat === null && selected.length) setSelected([]);
  const submit = () => {
    setSaving(true);
    void onPick(selected).finally(() => setSaving(false));
  };
  return (
    <FormDialog
      title={seat === null ? '添加文章' : `添加文章到「${seatNames[seat as keyof typeof seatNames] ?? seat}」`}
      open={seat !== null}
      width={dialogWidth.large}
      onOk={submit}
      onCancel={onClose}
      saving={saving}
      okDisabled={!selected.length}
      modal={{ okText: selected.length ? `添加（${selected.length}）` : '添加' }}
    >
      <ArticleChooser selected={selected} onSelect={setSelected} />
    </FormDialog>
  );
}
