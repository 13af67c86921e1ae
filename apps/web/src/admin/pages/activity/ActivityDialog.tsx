import { Alert, Col, Form, Radio, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ACTIVITY_CONFIRM_HOURS,
  activityMessages,
  ActivityStatus,
  typeKinds,
  VENUE_CODE_WINDOW_SECONDS,
  type ActivityAttachment,
  type ActivityDetailDto,
  type ActivityListItemDto,
} from '@portal/shared';
import { activitiesAdminApi } from '../../../api/activities';
import { DatePicker, RangePicker } from '../../../components/DatePickers';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { useTypeOptions } from '../../../components/SearchForm';
import { useRecordForm, type EditDialogProps } from '../../list';
import { EditorDialog } from '../../shared/EditorDialog';
import { TextItem } from '../../shared/TextItem';
import { AttachmentsField } from './AttachmentsField';
import { SignUpFormSelect } from './SignUpFormSelect';
import { activitiesKey } from './status';
import { WholeNumberInput } from '../../shared/WholeNumberInput';

interface ActivityForm {
  Title: string;
  Place: string;
  Time: [Dayjs, Dayjs] | null;
  SignUpDeadline: Dayjs | null;
  Capacity: number | null;
  AudienceAll: boolean;
  IsTraining: boolean;
  MemberLevels: number[];
  Description: string;
  Attachments: ActivityAttachment[];
  ConfirmHours: number | null;
  /** The self check-in window; null: none. */
  SelfCheckIn: [Dayjs, Dayjs] | null;
  /** 动态签到码: the venue's QR changes every 30 s. */
  SelfCheckInRotating: boolean;
  /** 报名表; null: none. */
  SignUpFormId: number | null;
}

const timeFormat = 'YYYY-MM-DD HH:mm:ss';
const shown = 'YYYY-MM-DD HH:mm';
/** The editor's two time ranges (活动时间, 自助签到) are picked alike, to the minute. */
const timeRange = { showTime: { format: 'HH:mm' }, format: shown };

/** A range whose end comes before its start, said before the server says it. */
const ordered = (message: string) => ({
  validator: (_: unknown, range: [Dayjs, Dayjs] | null) => (range && range[1].isBefore(range[0]) ? Promise.reject(new Error(message)) : Promise.resolve()),
});

/**
 * 新增/修改活动 (1000 px): title, place, time, deadline, capacity, audience, the waitlist's
 * confirmation hours, the self check-in window with 动态签到码, the sign-up form (报名表),
 * description and attachments.
 */
export function ActivityDialog({ editing, onClose, onSaved }: EditDialogProps<ActivityListItemDto>) {
  const { form, id, open, record, submit, saving } = useRecordForm<ActivityListItemDto, ActivityDetailDto, ActivityForm>({
    editing,
    onSaved,
    id: (a) => a.ActivityId,
    key: [...activitiesKey, 'detail'],
    fetch: activitiesAdminApi.detail,
    blank: () => ({
      Title: '',
      Place: '',
      Time: null,
      SignUpDeadline: null,
      Capacity: 0,
      AudienceAll: true,
      IsTraining: false,
      MemberLevels: [],
      Description: '',
      Attachments: [],
      ConfirmHours: ACTIVITY_CONFIRM_HOURS.fallback,
      SelfCheckIn: null,
      SelfCheckInRotating: false,
      SignUpFormId: null,
    }),
    fill: (a) => ({
      Title: a.Title,
      Place: a.Place,
      Time: [dayjs(a.StartTime), dayjs(a.EndTime)],
      SignUpDeadline: dayjs(a.SignUpDeadline),
      Capacity: a.Capacity,
      AudienceAll: a.AudienceAll,
      IsTraining: a.IsTraining,
      MemberLevels: a.MemberLevels,
      Description: a.Description,
      Attachments: a.Attachments,
      ConfirmHours: a.ConfirmHours,
      SelfCheckIn: a.SelfCheckInStart ? [dayjs(a.SelfCheckInStart), dayjs(a.SelfCheckInEnd)] : null,
      SelfCheckInRotating: a.SelfCheckInRotating,
      SignUpFormId: a.SignUpFormId || null,
    }),
    save: ({ Time, SignUpDeadline, Capacity, ConfirmHours, SelfCheckIn, SignUpFormId, ...values }, activityId) =>
      activitiesAdminApi.save({
        ...values,
        ActivityId: activityId,
        StartTime: Time?.[0].format(timeFormat) ?? '',
        EndTime: Time?.[1].format(timeFormat) ?? '',
        SignUpDeadline: SignUpDeadline?.format(timeFormat) ?? '',
        Capacity: Capacity ?? 0,
        MemberLevels: values.AudienceAll ? [] : values.MemberLevels,
        ConfirmHours: ConfirmHours ?? ACTIVITY_CONFIRM_HOURS.fallback,
        SelfCheckInStart: SelfCheckIn?.[0].format(timeFormat) ?? '',
        SelfCheckInEnd: SelfCheckIn?.[1].format(timeFormat) ?? '',
        // Without a window there is no venue QR to rotate.
        SelfCheckInRotating: SelfCheckIn !== null && values.SelfCheckInRotating,
        SignUpFormId: SignUpFormId ?? 0,
      }),
  });
  const levels = useTypeOptions(typeKinds.memberLevel, open);
  const audienceAll = Form.useWatch('AudienceAll', form);
  const selfCheckIn = Form.useWatch('SelfCheckIn', form);

  const published = record.data?.Status === ActivityStatus.Published;
  const signUpForm = record.data?.SignUpFormId ? { id: record.data.SignUpFormId, title: record.data.SignUpFormTitle } : null;
  return (
    <EditorDialog title={id ? '修改活动' : '新增活动'} open={open} onOk={submit} onCancel={onClose} saving={saving} loading={record.isLoading}>
      {published && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="活动已发布：修改后会员的阅读与报名记录保留；扩大活动对象时，新加入的会员会收到通知。" />
      )}
      <Form form={form} labelCol={{ flex: '110px' }} preserve={false}>
        <Row gutter={16}>
          <Col span={24}>
            <TextItem
              name="Title"
              label="活动标题"
              rules={[{ required: true, message: activityMessages.titleRequired }, { max: 200 }]}
              maxLength={200}
              // The example names this year, so it never reads as out of date.
              placeholder={`如：${dayjs().year()}年度工程质量风险管理培训班`}
              showCount
            />
          </Col>
          <Col xs={24} md={14}>
            <TextItem name="Place" label="活动地点" rules={[{ required: true, message: activityMessages.placeRequired }, { max: 200 }]} maxLength={200} />
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="Capacity" label="人数上限" extra="0 为不限" rules={[{ required: true, message: activityMessages.capacityInvalid }]}>
              <WholeNumberInput style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item
              name="Time"
              label="活动时间"
              rules={[{ required: true, message: activityMessages.startRequired }, ordered(activityMessages.endBeforeStart)]}
            >
              <RangePicker {...timeRange} placeholder={['开始时间', '结束时间']} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="SignUpDeadline"
              label="报名截止"
              dependencies={['Time']}
              rules={[
                { required: true, message: activityMessages.deadlineRequired },
                ({ getFieldValue }) => ({
                  validator: (_, deadline: Dayjs | null) => {
                    const time = getFieldValue('Time') as [Dayjs, Dayjs] | null;
                    return deadline && time && deadline.isAfter(time[0]) ? Promise.reject(new Error(activityMessages.deadlineAfterStart)) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format={shown} placeholder="请选择报名截止时间" />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item
              name="SelfCheckIn"
              label="自助签到"
              extra="可不填。已报名会员在此时段内扫描现场签到二维码（在“活动签到”页显示）即可签到"
              rules={[ordered(activityMessages.selfCheckInEndBeforeStart)]}
            >
              <RangePicker {...timeRange} placeholder={['自助签到开始', '自助签到结束']} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="ConfirmHours"
              label="候补确认时限"
              extra="名额已满时会员可候补；有空位时依次保留给候补会员，逾时未确认顺延下一位"
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: ACTIVITY_CONFIRM_HOURS.min,
                  max: ACTIVITY_CONFIRM_HOURS.max,
                  message: activityMessages.confirmHoursInvalid,
                },
              ]}
            >
              <WholeNumberInput style={{ width: '100%' }} suffix="小时" />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item
              name="SelfCheckInRotating"
              label="动态签到码"
              valuePropName="checked"
              extra={`开启后现场签到二维码每${VENUE_CODE_WINDOW_SECONDS}秒更换，须在现场扫描大屏上的最新二维码，拍照转发的二维码很快失效；现场二维码不再提供打印`}
            >
              <Switch disabled={!selfCheckIn} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="IsTraining" label="培训活动" valuePropName="checked" extra="开启后，为已签到会员颁发的证明为“培训证明”，否则为“参会证明”">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="AudienceAll" label="活动对象">
              <Radio.Group
                options={[
                  { label: '全体会员', value: true },
                  { label: '指定会员等级', value: false },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            {audienceAll === false && (
              <Form.Item name="MemberLevels" label="会员等级" rules={[{ required: true, type: 'array', min: 1, message: activityMessages.audienceRequired }]}>
                <Select mode="multiple" options={levels.data} loading={levels.isLoading} placeholder="请选择会员等级" allowClear />
              </Form.Item>
            )}
          </Col>
          <Col span={24}>
            <Form.Item
              name="SignUpFormId"
              label="报名表"
              extra="可不填。选择“表单与问卷”中的表单后，会员报名或候补时须填写，填写内容显示在通知对象名单和报名签到表中；已有会员填写后不能更换"
            >
              <SignUpFormSelect current={signUpForm} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Description" label="活动说明">
          <RichTextEditor />
        </Form.Item>
        <Form.Item name="Attachments" label="附件" extra="支持 office 文档、pdf、压缩包和文本文件，每个不超过 50M">
          <AttachmentsField />
        </Form.Item>
      </Form>
    </EditorDialog>
  );
}
