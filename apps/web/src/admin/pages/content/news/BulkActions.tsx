import { useState } from 'react';
import { Button, Cascader, Popconfirm } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { contentAdminApi } from '../../../../api/content-admin';
import { Auth } from '../../../access/AdminSession';
import { useBatchRun } from '../../../list';
import { FormDialog } from '../../../shared/FormDialog';
import { toMenuOptions } from '../menuOptions';
import { useContentMenus } from '../menuTree';

interface BulkActionsProps {
  /** The selected articles; none disables the buttons. */
  selected: number[];
  /** After an action succeeded: the selection emptied and the list reloaded. */
  onDone: () => void;
}

/**
 * 批量发布, 批量下线 and 移动到栏目 in 文章管理's toolbar, for the holders of 修改文章. The server
 * answers in words (已发布2篇，1篇将于发布时间到时发布) and they are what the toast says; a refusal
 * (contributions in review among the selection) the API client has already shown.
 */
export function BulkActions({ selected, onDone }: BulkActionsProps) {
  const { busy, run } = useBatchRun<'publish' | 'offline' | 'move'>(onDone);
  const [moving, setMoving] = useState(false);
  const count = selected.length;
  const move = async (menuId: number) => {
    if (await run('move', () => contentAdminApi.moveNews(selected, menuId))) setMoving(false);
  };

  return (
    <Auth perm="content:news:edit">
      <Popconfirm
        title={`确定发布选中的${count}篇文章吗？`}
        description="发布时间未到的文章将在到时自动发布"
        disabled={!count}
        onConfirm={() => run('publish', () => contentAdminApi.publishNews(selected))}
        okText="发布"
      >
        <Button disabled={!count} loading={busy === 'publish'}>
          批量发布
        </Button>
      </Popconfirm>
      <Popconfirm
        title={`确定下线选中的${count}篇文章吗？`}
        description="下线后文章状态为停用，网站不再显示"
        disabled={!count}
        onConfirm={() => run('offline', () => contentAdminApi.offlineNews(selected))}
        okText="下线"
      >
        <Button disabled={!count} loading={busy === 'offline'}>
          批量下线
        </Button>
      </Popconfirm>
      <Button icon={<FolderOpenOutlined />} disabled={!count} onClick={() => setMoving(true)}>
        移动到栏目
      </Button>
      <MoveDialog open={moving} count={count} saving={busy === 'move'} onCancel={() => setMoving(false)} onMove={(menuId) => void move(menuId)} />
    </Auth>
  );
}

/** 移动到栏目: the menu chosen in the tree (any level), then 确定. */
function MoveDialog({
  open,
  count,
  saving,
  onCancel,
  onMove,
}: {
  open: boolean;
  count: number;
  saving: boolean;
  onCancel: () => void;
  onMove: (menuId: number) => void;
}) {
  const menus = useContentMenus();
  const [path, setPath] = useState<number[]>([]);
  const menuId = path.at(-1);
  return (
    <FormDialog
      title="移动到栏目"
      open={open}
      onCancel={onCancel}
      saving={saving}
      loading={menus.isLoading}
      okDisabled={menuId === undefined}
      onOk={() => menuId !== undefined && onMove(menuId)}
    >
      <p>将选中的{count}篇文章移动到：</p>
      <Cascader
        aria-label="目标栏目"
        options={toMenuOptions(menus.data ?? [])}
        value={path}
        onChange={(value) => setPath((value ?? []).map(Number))}
        changeOnSelect
        expandTrigger="click"
        placeholder="请选择目标栏目"
        showSearch
        style={{ width: '100%' }}
      />
    </FormDialog>
  );
}
