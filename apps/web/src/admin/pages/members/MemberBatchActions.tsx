import { useState } from 'react';
import { Button, Select } from 'antd';
import { typeKinds, type MemberBatchAction } from '@portal/shared';
import { membersAdminApi } from '../../../api/members-admin';
import { useTypeOptions } from '../../../components/SearchForm';
import { Auth } from '../../access/AdminSession';
import { BatchButton, useBatchRun } from '../../list';
import { FormDialog } from '../../shared/FormDialog';

interface MemberBatchActionsProps {
  /** The selected members; none disables the buttons. */
  selected: number[];
  /** After an action went through: the selection emptied and the list reloaded. */
  onDone: () => void;
}

/**
 * 会员列表's bulk actions (MemberBatch), each for the holders of its own permission. The server
 * takes the whole batch or none of it: a member the action does not fit (an approved member among
 * applications to pass) refuses it, naming the account, and that refusal is what staff read.
 */
export function MemberBatchActions({ selected, onDone }: MemberBatchActionsProps) {
  const { busy, run } = useBatchRun<MemberBatchAction>(onDone);
  const [choosingLevel, setChoosingLevel] = useState(false);
  const count = selected.length;
  const batch = (action: MemberBatchAction, levelId?: number) => run(action, () => membersAdminApi.batch(selected, action, levelId));
  const changeLevel = async (levelId: number) => {
    if (await batch('level', levelId)) setChoosingLevel(false);
  };

  return (
    <>
      <BatchButton
        perm="member:audit"
        label="批量通过"
        count={count}
        question={`确定通过选中的${count}个入会申请吗？`}
        loading={busy === 'approve'}
        onConfirm={() => batch('approve')}
      />
      <BatchButton
        perm="member:status"
        label="批量停用"
        danger
        count={count}
        question={`确定停用选中的${count}个会员吗？`}
        detail="停用后这些会员将无法登录。"
        loading={busy === 'suspend'}
        onConfirm={() => batch('suspend')}
      />
      <Auth perm="member:edit">
        <Button disabled={!count} onClick={() => setChoosingLevel(true)}>
          修改等级
        </Button>
        <LevelDialog
          open={choosingLevel}
          count={count}
          saving={busy === 'level'}
          onCancel={() => setChoosingLevel(false)}
          onChoose={(levelId) => void changeLevel(levelId)}
        />
      </Auth>
      <BatchButton
        perm="member:remind"
        label="发送续费提醒"
        count={count}
        question={`确定向选中的${count}个会员发送续费提醒吗？`}
        detail="提醒以邮件发送，每个会员每天最多一次。"
        loading={busy === 'remind'}
        onConfirm={() => batch('remind')}
      />
    </>
  );
}

/** 修改等级: the new level for every selected member; 确定 applies it. */
function LevelDialog({
  open,
  count,
  saving,
  onCancel,
  onChoose,
}: {
  open: boolean;
  count: number;
  saving: boolean;
  onCancel: () => void;
  onChoose: (levelId: number) => void;
}) {
  const levels = useTypeOptions(typeKinds.memberLevel, open);
  const [levelId, setLevelId] = useState<number>();
  return (
    <FormDialog
      title="修改等级"
      open={open}
      onCancel={onCancel}
      saving={saving}
      loading={levels.isLoading}
      okDisabled={levelId === undefined}
      onOk={() => levelId !== undefined && onChoose(levelId)}
    >
      <p>将选中的{count}个会员的会员等级修改为：</p>
      <Select aria-label="会员等级" placeholder="请选择会员等级" options={levels.data} value={levelId} onChange={setLevelId} style={{ width: '100%' }} />
    </FormDialog>
  );
}
