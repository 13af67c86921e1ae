import { Alert, Descriptions, Form, Radio, Tag } from 'antd';
import {
  handleRightsRequestBody,
  RIGHTS_DEADLINE_DAYS,
  rightsLimits,
  RightsStatus,
  rightsStatusNames,
  type RightsRequestDto,
  type HandleRightsRequestBody,
  type RightsStatusValue,
} from '@portal/shared';
import { rightsApi } from '../../../../api/rights';
import { schemaRule } from '../../../../portal/member/schemaRule';
import { ListPage, listResource, RecordDialog, useListPage, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';

const pending = (r: RightsRequestDto) => r.Status === RightsStatus.Pending;

/** Who asked: a member by company and account, a certificate holder by name (no account). */
const requester = (r: RightsRequestDto) => (r.Requester === 'holder' ? `${r.MemberName || '（记录已删除）'}（证书持有人）` : `${r.MemberName}（${r.Account}）`);

const erasureOf: Record<RightsRequestDto['Requester'], string> = {
  member:
    '联系人、电话、邮箱、地址、申请材料、留言中的联系方式、表单与报名答卷、站内消息等将被删除或匿名化，账号注销；缴费记录、已颁发的证明、选举记录和日志依法保留。系统会把删除与保留的内容附在答复之后。',
  holder: '此人未发证书的考试成绩将被删除；已颁发的证书须可查验，依法保留。系统会把删除与保留的内容附在答复之后。',
};

function State({ request: r }: { request: RightsRequestDto }) {
  if (r.Overdue) return <Tag color="error">已超期</Tag>;
  const colors: Record<RightsStatusValue, string> = { 0: 'processing', 1: 'success', 2: 'default' };
  return <Tag color={colors[r.Status as RightsStatusValue]}>{r.StatusName}</Tag>;
}

const statusOptions = Object.entries(rightsStatusNames).map(([value, label]) => ({ value: Number(value), label }));

type HandleForm = Omit<HandleRightsRequestBody, 'Id'>;

/** 办理: what the member asked, then 已办结 with what was done or 不予办理 with the reason, both said to the member. */
function HandleDialog(props: EditDialogProps<RightsRequestDto>) {
  const r = props.editing && props.editing !== 'new' ? props.editing : null;
  return (
    <RecordDialog<RightsRequestDto, HandleForm>
      noun="个人信息请求"
      title="办理个人信息请求"
      values={() => ({ Status: RightsStatus.Done, Answer: '' })}
      save={(values, request) => rightsApi.handle({ Id: request!.Id, ...values })}
      {...props}
    >
      {r && (
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="申请人">{requester(r)}</Descriptions.Item>
          <Descriptions.Item label="类型">{r.KindName}</Descriptions.Item>
          <Descriptions.Item label="内容">{r.Content}</Descriptions.Item>
          <Descriptions.Item label="答复期限">{r.DueTime.slice(0, 10)}</Descriptions.Item>
        </Descriptions>
      )}
      <Form.Item name="Status" label="办理结果">
        <Radio.Group
          options={[
            { value: RightsStatus.Done, label: '已办结' },
            { value: RightsStatus.Refused, label: '不予办理' },
          ]}
        />
      </Form.Item>
      {r?.Kind === 'deletion' && (
        <Form.Item noStyle dependencies={['Status']}>
          {({ getFieldValue }) =>
            getFieldValue('Status') === RightsStatus.Done && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="确定后立即删除此人的个人信息，不可恢复" description={erasureOf[r.Requester]} />
            )
          }
        </Form.Item>
      )}
      <TextItem
        name="Answer"
        label="答复"
        rules={[schemaRule(handleRightsRequestBody, 'Answer')]}
        maxLength={rightsLimits.answer}
        maxRows={6}
        placeholder="写明所做的处理（如已更正的内容、已删除的信息及依法保留的信息），或不予办理的理由"
      />
    </RecordDialog>
  );
}

const requests = listResource<RightsRequestDto, { status?: number }>({
  key: ['rightsRequests'],
  fetch: rightsApi.list,
  rowKey: 'Id',
  search: [{ kind: 'select', name: 'status', label: '状态', options: statusOptions }],
  columns: [
    { title: '申请人', key: 'member', width: 200, render: (_, r) => requester(r) },
    { title: '类型', dataIndex: 'KindName', width: 100 },
    { title: '内容', dataIndex: 'Content', ellipsis: true },
    { title: '状态', key: 'state', width: 100, render: (_, r) => <State request={r} /> },
    { title: '提交时间', dataIndex: 'CreateTime', width: 170 },
    { title: '答复期限', dataIndex: 'DueTime', width: 120, render: (t: string) => t.slice(0, 10) },
    { title: '答复', dataIndex: 'Answer', ellipsis: true },
  ],
  dialog: HandleDialog,
  edit: { perm: 'system:rights:handle', label: '办理', when: pending },
  savedText: '办理完毕，申请人将在“我的个人信息”中看到答复',
});

/**
 * 个人信息请求 (component system/rights/index): requests of members, applicants and certificate
 * holders to see, correct or delete their personal information, the oldest deadline first; each is
 * answered once.
 */
export default function RightsRequestPage() {
  const page = useListPage(requests);
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`依照个人信息保护法，请在收到请求后${RIGHTS_DEADLINE_DAYS}个工作日内答复（按“工作日历”计算）。`}
        description="删除请求：选择“已办结”即由系统删除或匿名化申请人的个人信息，并在答复后附上已删除与依法保留的内容（如缴费记录、已颁发的证书与证明）。"
      />
      <ListPage resource={requests} page={page} />
    </>
  );
}
