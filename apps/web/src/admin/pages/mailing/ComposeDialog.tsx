import { useQuery } from '@tanstack/react-query';
import { Checkbox, Descriptions, Divider, Form, Select, Switch } from 'antd';
import { mailingMessages, typeKinds, type MailingCategory, type MailingChannel, type MailingDto, type MailingSegment } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { useTypeOptions } from '../../../components/SearchForm';
import { type EditDialogProps } from '../../list';
import { useRecordForm } from '../../list';
import { EditorDialog } from '../../shared/EditorDialog';
import { ContentFields, type ContentValues } from './ContentFields';
import { mailingKeys } from './keys';
import { SegmentPicker } from './SegmentPicker';
import { useRefusal } from './useRefusal';

interface ComposeForm extends ContentValues {
  Category: MailingCategory;
  TemplateId: number;
  Segment: MailingSegment;
  Channels: MailingChannel[];
}

const blankSegment: MailingSegment = { LevelIds: [], States: [], Regions: [], ActivityId: 0, Attended: false, FormId: 0, ElectionId: 0 };
const standingOptions = [
  { label: '有效', value: 1 },
  { label: '宽限期', value: 2 },
  { label: '已过期', value: 3 },
];
const channelOptions = [
  { label: '电子邮件', value: 'email' },
  { label: '站内信', value: 'site' },
];

/**
 * 新增/修改通知: category, a template to start from or the mailing's own subject and body, who it
 * goes to (the criteria CountMailingSegment and SaveMailing take) and by which channels, with the
 * count of who it will reach as the criteria change.
 */
export function ComposeDialog({ editing, onClose, onSaved }: EditDialogProps<MailingDto>) {
  const { refusal, watch } = useRefusal();
  const templates = useQuery({
    queryKey: [...mailingKeys.templates, 'all'],
    queryFn: () => mailingsAdminApi.templates({ pageindex: 1, pagesize: 200 }),
    enabled: editing !== null,
  });
  const levels = useTypeOptions(typeKinds.memberLevel, editing !== null);
  const { form, id, open, record, submit, saving } = useRecordForm<MailingDto, MailingDto, ComposeForm>({
    editing,
    onSaved: () => onSaved(),
    id: (m) => m.Id,
    key: mailingKeys.mailing,
    fetch: mailingsAdminApi.mailing,
    blank: () => ({ Category: 'notice', TemplateId: 0, Subject: '', Body: '', Segment: blankSegment, Channels: ['email'] }),
    fill: (m) => ({
      Category: m.Category as MailingCategory,
      TemplateId: m.TemplateId,
      Subject: m.Subject,
      Body: m.Body,
      Segment: m.Segment as MailingSegment,
      Channels: m.Channels as MailingChannel[],
    }),
    save: (v, MailingId) => watch(mailingsAdminApi.save({ ...v, MailingId, Subject: v.Subject ?? '', Body: v.Body ?? '' })),
  });

  // A template chosen fills the subject and body, which stay the mailing's own to change.
  const useTemplate = (templateId: number) => {
    const t = templates.data?.List.find((x) => x.Id === templateId);
    if (t) form.setFieldsValue({ Category: t.Category as MailingCategory, Subject: t.Subject, Body: t.Body });
  };

  return (
    <EditorDialog
      title={`${id ? '修改' : '新增'}通知`}
      open={open}
      onOk={() => void submit()}
      onCancel={onClose}
      saving={saving}
      loading={Boolean(id) && record.isLoading}
    >
      <Form form={form} labelCol={{ flex: '96px' }} preserve={false}>
        <Form.Item name="TemplateId" label="通知模板">
          <Select
            options={[
              { label: '不使用模板', value: 0 },
              ...(templates.data?.List ?? []).map((t) => ({ label: `${t.Name}（${t.CategoryName}）`, value: t.Id })),
            ]}
            onChange={useTemplate}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        <ContentFields refusal={refusal} />
        <Divider titlePlacement="start">发送范围</Divider>
        <Form.Item name={['Segment', 'LevelIds']} label="会员级别">
          <Select mode="multiple" allowClear placeholder="不限" options={levels.data} loading={levels.isLoading} />
        </Form.Item>
        <Form.Item name={['Segment', 'States']} label="会籍状态">
          <Checkbox.Group options={standingOptions} />
        </Form.Item>
        <Form.Item name={['Segment', 'Regions']} label="所在地区" extra="输入地区后回车，可填多个；不填为不限">
          <Select mode="tags" placeholder="不限" open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name={['Segment', 'ActivityId']} label="报名活动" extra="报名了该活动的会员；通知用了{{活动名称}}或{{活动时间}}时必选">
          <SegmentPicker kind="activity" />
        </Form.Item>
        <Form.Item name={['Segment', 'Attended']} label="已签到" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name={['Segment', 'FormId']} label="填写表单" extra="填写过该表单的会员">
          <SegmentPicker kind="form" />
        </Form.Item>
        <Form.Item name={['Segment', 'ElectionId']} label="参加选举" extra="在该选举中投过票的会员">
          <SegmentPicker kind="election" />
        </Form.Item>
        <Form.Item
          name="Channels"
          label="发送方式"
          // A validator, not `required`: antd would mark the checkbox group aria-required, which its role does not allow.
          rules={[{ validator: async (_, v: string[] | undefined) => (v?.length ? undefined : Promise.reject(new Error(mailingMessages.channelsRequired))) }]}
        >
          <Checkbox.Group options={channelOptions} />
        </Form.Item>
        <SegmentCount />
      </Form>
    </EditorDialog>
  );
}

/** CountMailingSegment for what the form holds now: who matches, who is left out and why, who it will reach. */
function SegmentCount() {
  const form = Form.useFormInstance<ComposeForm>();
  const Category = Form.useWatch('Category', form);
  const Segment = Form.useWatch('Segment', { form, preserve: true }) as MailingSegment | undefined;
  const Channels = Form.useWatch('Channels', form);
  const body = Category && Channels?.length ? { Category, Segment: { ...blankSegment, ...Segment }, Channels } : null;
  const count = useQuery({ queryKey: [...mailingKeys.list, 'count', body], queryFn: () => mailingsAdminApi.count(body!), enabled: body !== null });
  const c = count.data;
  return (
    <Form.Item label="发送人数">
      <Descriptions
        size="small"
        column={{ xs: 2, sm: 4 }}
        aria-label="发送人数"
        aria-busy={count.isFetching}
        items={[
          { key: 'matched', label: '符合条件', children: c?.Matched ?? '—' },
          { key: 'noAddress', label: '无有效邮箱', children: c?.NoAddress ?? '—' },
          { key: 'optedOut', label: '已退订', children: c?.OptedOut ?? '—' },
          { key: 'recipients', label: '将发送', children: c ? <strong>{c.Recipients}</strong> : '—' },
        ]}
      />
      {count.error && <span role="alert">{count.error.message}</span>}
    </Form.Item>
  );
}
