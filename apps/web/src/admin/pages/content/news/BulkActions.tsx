import { useState } from 'react';
import { Button, Cascader, List, Modal, Popconfirm, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { dialogWidth, type BulkSkippedNewsDto } from '@portal/shared';
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

/** What 批量发布 answered: its words, and the articles it left as they were. */
interface PublishResult {
  said: string;
  skipped: BulkSkippedNewsDto[];
}

/**
 * 批量发布, 批量下线 and 移动到栏目 in 文章管理's toolbar, for the holders of 修改文章. The server
 * answers in words (已发布2篇，1篇将于发布时间到时发布) and they are what the toast says; 批量发布
 * publishes what it may, and when it left some out a dialog names each with its reason. A
 * refusal (contributions in review among a 批量下线) the API client has already shown.
 */
export function BulkActions({ selected, onDone }: BulkActionsProps) {
  const { busy, run } = useBatchRun<'publish' | 'offline' | 'move'>(onDone);
  const [moving, setMoving] = useState(false);
  const [published, setPublished] = useState<PublishResult | null>(null);
  const count = selected.length;
  const publish = () =>
    run('publish', async () => {
      const result = await contentAdminApi.publishNews(selected);
      if (result.skipped.length === 0) return result.said;
      setPublished(result);
      return null;
    });
  const move = async (menuId: number) => {
    if (await run('move', () => contentAdminApi.moveNews(selected, menuId))) setMoving(false);
  };

  return (
    <Auth perm="content:news:edit">
      <Popconfirm
        title={`确定发布选中的${count}篇文章吗？`}
        description="发布时间未到的文章将在到时自动发布"
        disabled={!count}
        onConfirm={publish}
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
      <PublishResultDialog result={published} onClose={() => setPublished(null)} />
    </Auth>
  );
}

/** 批量发布's outcome when it left articles out: how many went, then each one left with why. */
function PublishResultDialog({ result, onClose }: { result: PublishResult | null; onClose: () => void }) {
  return (
    <Modal
      title="批量发布结果"
      open={result !== null}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
      width={dialogWidth.small}
      destroyOnHidden
    >
      <Typography.Paragraph strong>{result?.said}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">未发布的文章：</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={result?.skipped ?? []}
        renderItem={(a) => (
          <List.Item>
            <List.Item.Meta title={a.Title ? `《${a.Title}》` : `编号 ${a.NewsId}`} description={a.Reason} />
          </List.Item>
        )}
      />
    </Modal>
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
