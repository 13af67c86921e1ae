import { useState } from 'react';
import { Alert, Button, Grid, Modal } from 'antd';
import { dialogWidth, type NewsConflictDto } from '@portal/shared';
import type { ArticleSnapshot } from './compare';
import { editorName } from './NewsHistory';
import { RevisionCompare } from './RevisionCompare';

export interface Conflict {
  /** The server's answer: the article as it now stands. */
  current: NewsConflictDto['Current'];
  /** What this editor tried to save. */
  yours: ArticleSnapshot;
}

/**
 * 文章已被他人修改: someone saved the article while this editor had it open. Shows their version
 * beside this editor's, and offers 覆盖保存 (save again over theirs), 放弃我的修改 (close the
 * editor) or going back to the editor to merge by hand.
 */
export function ConflictDialog({
  conflict,
  onOverwrite,
  onDiscard,
  onBack,
}: {
  conflict: Conflict | null;
  onOverwrite: () => Promise<void>;
  onDiscard: () => void;
  onBack: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const wide = Grid.useBreakpoint().md;
  const overwrite = () => {
    setSaving(true);
    void onOverwrite().finally(() => setSaving(false));
  };
  return (
    <Modal
      title="文章已被他人修改"
      open={conflict !== null}
      onCancel={onBack}
      width={wide ? dialogWidth.large : '100%'}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onBack}>
          返回编辑
        </Button>,
        <Button key="discard" onClick={onDiscard}>
          放弃我的修改
        </Button>,
        <Button key="overwrite" type="primary" danger loading={saving} onClick={overwrite}>
          覆盖保存
        </Button>,
      ]}
    >
      {conflict && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`你编辑期间，这篇文章已被修改（${editorName(conflict.current)}，${conflict.current.CreateTime}）。`}
            description="左侧是当前内容，右侧是你的修改。覆盖保存将以你的修改替换当前内容（当前内容仍可在历史版本中找回）。"
          />
          <RevisionCompare before={{ title: '当前内容', article: conflict.current }} after={{ title: '我的修改', article: conflict.yours }} />
        </>
      )}
    </Modal>
  );
}
