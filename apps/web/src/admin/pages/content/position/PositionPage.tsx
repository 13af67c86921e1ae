import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Segmented, Switch, Tag, type TableColumnsType } from 'antd';
import { messages, seatNames, seats, type AdminPositionDto } from '@portal/shared';
import { contentAdminApi, type PositionQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm } from '../../../../components/SearchForm';
import { Auth, useAuth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { AddButton } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { nameAndStatusSearch, StatusTag } from '../../system/status';
import { ArticleStatusTag } from '../flags';
import { PickArticlesDialog } from './PickArticlesDialog';
import { WholeNumberInput } from '../../../shared/WholeNumberInput';

type Filters = Omit<PositionQuery, keyof PageState | 'seat'>;
const listKey = [...adminQueryKeys.all, 'positions'];
const searchFields = nameAndStatusSearch<Filters>('文章标题');
const seatOptions = seats.map((seat) => ({ label: `${seat} · ${seatNames[seat]}`, value: seat }));

/**
 * A placement's order, saved when the field is left or Enter is pressed and the number changed.
 * Enter disables the field while it saves, which blurs it: the number already sent is not sent
 * again (two requests, two audit rows).
 */
function SortNumberCell({ placement, editable, onSaved }: { placement: AdminPositionDto; editable: boolean; onSaved: () => void }) {
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(placement.SortNumber);
  const [saving, setSaving] = useState(false);
  const sent = useRef<number | null>(null);
  if (!editable) return placement.SortNumber;
  const save = () => {
    if (value === null || value === placement.SortNumber) {
      setValue(placement.SortNumber);
      return;
    }
    if (value === sent.current) return;
    sent.current = value;
    setSaving(true);
    contentAdminApi
      .setPositionSort(placement.Id, value)
      .then(
        () => {
          void message.success(messages.saved);
          onSaved();
        },
        () => {
          sent.current = null;
          setValue(placement.SortNumber);
        },
      )
      .finally(() => setSaving(false));
  };
  return (
    <WholeNumberInput
      value={value}
      onChange={setValue}
      onBlur={save}
      onPressEnter={save}
      disabled={saving}
      style={{ width: 100 }}
      aria-label={`${placement.Title}排序号`}
    />
  );
}

/** 推荐位管理 (component content/position/index): the articles of home seats 1–4, their order and status. */
export default function PositionPage() {
  const queryClient = useQueryClient();
  const can = useAuth();
  const [seat, setSeat] = useState<number>(seats[0]);
  const list = usePagedList<AdminPositionDto, Filters>([...listKey, seat], (query) => contentAdminApi.positions({ ...query, seat }), {});
  const [picking, setPicking] = useState(false);
  const [toggling, setToggling] = useState<number | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });
  const remove = useAction((placement: AdminPositionDto) => contentAdminApi.removePositions([placement.Id]), refresh);
  const saveStatus = useAction((placement: AdminPositionDto) => contentAdminApi.setPositionStatus(placement.Id, placement.Status ? 0 : 1), refresh);
  const toggle = (placement: AdminPositionDto) => {
    setToggling(placement.Id);
    void saveStatus(placement).finally(() => setToggling(null));
  };
  const place = useAction(
    (ids: number[]) => contentAdminApi.placeArticles(seat, ids),
    () => {
      setPicking(false);
      refresh();
    },
  );

  const columns: TableColumnsType<AdminPositionDto> = [
    {
      title: '文章标题',
      dataIndex: 'Title',
      width: 360,
      render: (title: string, p) => (
        <>
          {p.IsTop && <Tag color="red">置顶</Tag>}
          {title}
        </>
      ),
    },
    { title: '所属栏目', dataIndex: 'MenuName', width: 140 },
    { title: '文章状态', dataIndex: 'NewsStatus', width: 100, render: (status: number) => <ArticleStatusTag status={status} /> },
    {
      title: '排序号',
      dataIndex: 'SortNumber',
      width: 130,
      // Keyed by the saved number, so a reload resets an unsaved edit.
      render: (_, p) => <SortNumberCell key={`${p.Id}-${p.SortNumber}`} placement={p} editable={can('content:position:edit')} onSaved={refresh} />,
    },
    {
      title: '状态',
      dataIndex: 'Status',
      width: 100,
      render: (status: number, p) =>
        can('content:position:edit') ? (
          <Switch
            checked={status === 1}
            loading={toggling === p.Id}
            checkedChildren="正常"
            unCheckedChildren="停用"
            onChange={() => toggle(p)}
            aria-label={`${p.Title}状态`}
          />
        ) : (
          <StatusTag status={status} />
        ),
    },
    { title: '加入时间', dataIndex: 'CreateTime', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, p) => (
        <Auth perm="content:position:delete">
          <Popconfirm title={`确定将“${p.Title}”移出推荐位吗？`} onConfirm={() => remove(p)} okText="移出" okButtonProps={{ danger: true }}>
            <Button type="link" size="small" danger>
              移出
            </Button>
          </Popconfirm>
        </Auth>
      ),
    },
  ];

  return (
    <>
      <Segmented<number>
        options={seatOptions}
        value={seat}
        onChange={(next) => {
          // Another seat starts at its first page, under the same filters.
          setSeat(next);
          list.search(list.filters);
        }}
        style={{ marginBottom: 16 }}
      />
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel actions={<AddButton perm="content:position:add" label="添加文章" onClick={() => setPicking(true)} />}>
        <DataTable<AdminPositionDto> rowKey="Id" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <PickArticlesDialog seat={picking ? seat : null} onClose={() => setPicking(false)} onPick={place} />
    </>
  );
}
