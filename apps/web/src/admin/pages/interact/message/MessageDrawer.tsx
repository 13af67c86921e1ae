import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Tag, Timeline, Typography } from 'antd';
import {
  MessageState,
  messageLimits,
  messageRatingNames,
  messages,
  ReviewState,
  reviewStateNames,
  type MessageDepartmentDto,
  type MessageDetailDto,
} from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { useAuth } from '../../../access/AdminSession';
import { useNarrowScreen } from '../../../layout/useNarrowScreen';
import { messageKeys } from '../keys';
import { DueCell } from './DueCell';
import { PublishDialog } from './PublishDialog';
import { ReplyDialog } from './ReplyDialog';
import { RouteDialog } from './RouteDialog';
import { StateTag } from './StateTag';
import { TextDialog } from './TextDialog';
import styles from './message.module.css';

type Dialog = 'assign' | 'transfer' | 'decline' | 'note' | 'reply' | 'publish' | null;

const noteKinds: Record<string, string> = {
  note: '内部备注',
  assign: '分派',
  transfer: '转办',
  decline: '不予受理',
  reply: '答复',
  review: '答复审核',
  publish: '公开',
  withdraw: '撤回公开',
  warn: '到期提醒',
  escalate: '超期督办',
};

/** 答复须经审核: the reply in the review chain, or sent back with the reviewer's reason (the reply, when approved, shows as the message's reply). */
function ReplyReviewBlock({ review }: { review: NonNullable<MessageDetailDto['ReplyReview']> }) {
  const state = review.State as ReviewState;
  return (
    <section className={styles.reply} aria-label="答复审核">
      <Typography.Title level={5} className={styles.heading}>
        答复审核 <Tag color={state === ReviewState.Rejected ? 'error' : 'processing'}>{reviewStateNames[state]}</Tag>
        <Typography.Text type="secondary" className={styles.by}>
          {review.StepName}
        </Typography.Text>
      </Typography.Title>
      {state === ReviewState.Rejected && <Alert type="error" showIcon className={styles.block} message="驳回理由" description={review.Opinion} />}
      <div className={styles.replyBody} dangerouslySetInnerHTML={{ __html: review.Reply }} />
    </section>
  );
}

/** One message as staff handle it, with what may be done next (by state and permission); `id` null: closed. */
export function MessageDrawer({
  id,
  departments,
  onClose,
  onChanged,
}: {
  id: number | null;
  departments: MessageDepartmentDto[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const narrow = useNarrowScreen();
  const detail = useQuery({ queryKey: [...messageKeys.detail, id], queryFn: () => messagesAdminApi.detail(id!), enabled: id !== null, staleTime: 0 });
  const m = detail.data;
  return (
    <Drawer title={m ? `留言办理：${m.Subject}` : '留言办理'} open={id !== null} onClose={onClose} size={narrow ? '100%' : 860} destroyOnHidden>
      {detail.isPending ? (
        <Spin />
      ) : detail.isError || !m ? (
        <Empty description={detail.error?.message ?? messages.notFound} />
      ) : (
        <Handling message={m} departments={departments} onChanged={onChanged} />
      )}
    </Drawer>
  );
}

function Handling({ message: m, departments, onChanged }: { message: MessageDetailDto; departments: MessageDepartmentDto[]; onChanged: () => void }) {
  const { message } = App.useApp();
  const can = useAuth();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const open = m.State === MessageState.Waiting || m.State === MessageState.Handling;
  const inReview = m.ReplyReview?.State === ReviewState.Pending;
  const done = (text: string) => {
    setDialog(null);
    void message.success(text);
    void queryClient.invalidateQueries({ queryKey: [...messageKeys.detail, m.Id] });
    onChanged();
  };
  const withdraw = async () => {
    setWithdrawing(true);
    try {
      await messagesAdminApi.publish(m.Id, false, m.PublicTitle);
      done('已撤回公开');
    } catch {
      // Shown by the API client.
    } finally {
      setWithdrawing(false);
    }
  };

  const actions = [
    m.State === MessageState.Waiting && can('message:assign') && (
      <Button key="assign" type="primary" onClick={() => setDialog('assign')}>
        分派
      </Button>
    ),
    m.State === MessageState.Handling && can('message:assign') && (
      <Button key="transfer" onClick={() => setDialog('transfer')}>
        转办
      </Button>
    ),
    open && !inReview && can('message:reply') && (
      <Button key="reply" type={m.State === MessageState.Handling ? 'primary' : 'default'} onClick={() => setDialog('reply')}>
        答复
      </Button>
    ),
    open && can('message:reply') && (
      <Button key="note" onClick={() => setDialog('note')}>
        内部备注
      </Button>
    ),
    open && can('message:assign') && (
      <Button key="decline" danger onClick={() => setDialog('decline')}>
        不予受理
      </Button>
    ),
    m.State === MessageState.Answered && m.MayPublish && can('message:publish') && !m.Published && (
      <Button key="publish" type="primary" onClick={() => setDialog('publish')}>
        公开到网站
      </Button>
    ),
    m.State === MessageState.Answered && m.Published && can('message:publish') && (
      <Popconfirm key="withdraw" title="确定撤回公开吗？" description="撤回后网站上不再显示这条留言。" okText="撤回公开" onConfirm={() => void withdraw()}>
        <Button loading={withdrawing}>撤回公开</Button>
      </Popconfirm>
    ),
  ].filter(Boolean);

  return (
    <div className={styles.detail}>
      {actions.length > 0 && (
        <Space wrap className={styles.actions}>
          {actions}
        </Space>
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="状态">
          <StateTag state={m.State} name={m.StateName} />
          {m.Published && <Tag color="blue">已公开</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="类别">{m.CategoryName}</Descriptions.Item>
        <Descriptions.Item label="办理时限">
          <DueCell message={m} />
        </Descriptions.Item>
        <Descriptions.Item label="办理部门">
          {m.DepartmentName ? `${m.DepartmentName}${m.HandlerName ? ` / ${m.HandlerName}` : ''}` : '未分派'}
        </Descriptions.Item>
        <Descriptions.Item label="留言人">
          {m.Name || '—'}
          {m.MemberId > 0 && <Tag style={{ marginInlineStart: 6 }}>会员</Tag>}
          {m.FromSuggestionBox && <Tag style={{ marginInlineStart: 6 }}>建议箱</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="留言时间">{m.CreateTime}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{m.Phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{m.Email || '—'}</Descriptions.Item>
        <Descriptions.Item label="查询码">
          <Typography.Text copyable className={styles.code}>
            {m.QueryCode}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="同意公开">{m.MayPublish ? '是' : '否'}</Descriptions.Item>
        {m.HasAttachment && (
          <Descriptions.Item label="附件" span={2}>
            <Button type="link" size="small" onClick={() => void messagesAdminApi.attachment(m.Id, m.AttachmentName).catch(() => undefined)}>
              {m.AttachmentName || '下载附件'}
            </Button>
          </Descriptions.Item>
        )}
      </Descriptions>

      {m.SensitiveWords.length > 0 && (
        <Alert type="warning" showIcon className={styles.block} message={`含敏感词：${m.SensitiveWords.map((w) => `${w.Word}（${w.Count}处）`).join('、')}`} />
      )}

      <section className={styles.block} aria-label="留言内容">
        <Typography.Title level={5} className={styles.heading}>
          <span dangerouslySetInnerHTML={{ __html: m.MarkedSubject }} />
        </Typography.Title>
        <div className={styles.text} dangerouslySetInnerHTML={{ __html: m.MarkedContent }} />
      </section>

      {m.State === MessageState.Declined && <Alert type="info" className={styles.block} message="不予受理理由（留言人可见）" description={m.DeclineReason} />}

      {m.ReplyReview && open && m.ReplyReview.State !== ReviewState.Withdrawn && <ReplyReviewBlock review={m.ReplyReview} />}

      {m.Reply && (
        <section className={styles.reply} aria-label="答复">
          <Typography.Title level={5} className={styles.heading}>
            答复
            <Typography.Text type="secondary" className={styles.by}>
              {m.RepliedBy} {m.ReplyTime}
            </Typography.Text>
          </Typography.Title>
          <div className={styles.replyBody} dangerouslySetInnerHTML={{ __html: m.Reply }} />
          <Typography.Text type="secondary">留言人评价：{m.Rating ? messageRatingNames[m.Rating] : '尚未评价'}</Typography.Text>
        </section>
      )}

      <section className={styles.block} aria-label="办理记录">
        <Typography.Title level={5} className={styles.heading}>
          办理记录
        </Typography.Title>
        {m.Notes.length ? (
          <Timeline
            items={m.Notes.map((n, i) => ({
              key: i,
              color: n.Kind === 'escalate' ? 'red' : n.Kind === 'note' ? 'gray' : 'blue',
              children: (
                <>
                  <div>
                    <Tag>{noteKinds[n.Kind] ?? n.Kind}</Tag>
                    <Typography.Text type="secondary">
                      {n.AdminAccount || '系统'} {n.CreateTime}
                    </Typography.Text>
                  </div>
                  {n.Text && <div className={styles.noteText}>{n.Text}</div>}
                </>
              ),
            }))}
          />
        ) : (
          <Typography.Text type="secondary">暂无办理记录</Typography.Text>
        )}
      </section>

      <RouteDialog
        message={m}
        kind={dialog === 'assign' || dialog === 'transfer' ? dialog : null}
        departments={departments}
        onClose={() => setDialog(null)}
        onSaved={() => done(dialog === 'transfer' ? '转办成功' : '分派成功')}
      />
      <TextDialog
        title="不予受理"
        label="不予受理理由"
        placeholder="留言人凭查询码可看到此理由"
        maxLength={messageLimits.reason}
        open={dialog === 'decline'}
        onClose={() => setDialog(null)}
        save={(reason) => messagesAdminApi.decline(m.Id, reason)}
        onSaved={() => done(messages.ok)}
      />
      <TextDialog
        title="内部备注"
        label="备注内容"
        placeholder="仅工作人员可见"
        maxLength={messageLimits.note}
        open={dialog === 'note'}
        onClose={() => setDialog(null)}
        save={(text) => messagesAdminApi.note(m.Id, text)}
        onSaved={() => done(messages.ok)}
      />
      <ReplyDialog message={m} open={dialog === 'reply'} onClose={() => setDialog(null)} onSaved={(said) => done(said === messages.ok ? '答复成功' : said)} />
      <PublishDialog message={m} open={dialog === 'publish'} onClose={() => setDialog(null)} onSaved={() => done('公开成功')} />
    </div>
  );
}
