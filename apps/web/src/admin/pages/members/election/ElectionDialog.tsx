import { Alert, Checkbox, Col, Form, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  dialogWidth,
  electionMessages,
  membershipStateNames,
  QuorumType,
  quorumTypeNames,
  rollStandingChoices,
  saveElectionBody,
  typeKinds,
  type ElectionDetailDto,
  type ElectionDto,
} from '@portal/shared';
import { electionsAdminApi } from '../../../../api/elections';
import { RangePicker } from '../../../../components/DatePickers';
import { useTypeOptions } from '../../../../components/SearchForm';
import { useRecordForm, type EditDialogProps } from '../../../list';
import { FormDialog } from '../../../shared/FormDialog';
import { TextItem } from '../../../shared/TextItem';
import { WholeNumberInput } from '../../../shared/WholeNumberInput';
import { schemaRule } from '../../content/fields';
import { electionsKey } from './keys';

interface RulesForm {
  Title: string;
  Description: string;
  Seats: number | null;
  MaxChoices: number | null;
  Nomination: [Dayjs, Dayjs] | null;
  Voting: [Dayjs, Dayjs] | null;
  QuorumType: number;
  QuorumValue: number | null;
  ThresholdPercent: number | null;
  RollLevels: number[];
  RollStandings: number[];
}

const { shape } = saveElectionBody;
const timeFormat = 'YYYY-MM-DD HH:mm:ss';
/** Both windows are picked to the minute, as 活动时间 is. */
const timeRange = { showTime: { format: 'HH:mm' }, format: 'YYYY-MM-DD HH:mm' };
const quorumOptions = Object.entries(quorumTypeNames).map(([value, label]) => ({ value: Number(value), label }));
const standingOptions = rollStandingChoices.map((value) => ({ value, label: membershipStateNames[value] }));

const blank = (): RulesForm => ({
  Title: '',
  Description: '',
  Seats: null,
  MaxChoices: null,
  Nomination: null,
  Voting: null,
  QuorumType: QuorumType.Percent,
  QuorumValue: 50,
  ThresholdPercent: 50,
  RollLevels: [],
  RollStandings: [...rollStandingChoices],
});

const fill = (e: ElectionDetailDto): RulesForm => ({
  Title: e.Title,
  Description: e.Description,
  Seats: e.Seats,
  MaxChoices: e.MaxChoices,
  Nomination: [dayjs(e.NominationStart), dayjs(e.NominationEnd)],
  Voting: [dayjs(e.VotingStart), dayjs(e.VotingEnd)],
  QuorumType: e.QuorumType,
  QuorumValue: e.QuorumValue,
  ThresholdPercent: e.ThresholdPercent,
  RollLevels: e.RollLevels,
  RollStandings: e.RollStandings,
});

const save = ({ Nomination, Voting, Seats, MaxChoices, QuorumValue, ThresholdPercent, ...values }: RulesForm, id: number) =>
  electionsAdminApi.save({
    ...values,
    Id: id,
    Seats: Seats ?? 0,
    MaxChoices: MaxChoices ?? 0,
    NominationStart: Nomination?.[0].format(timeFormat) ?? '',
    NominationEnd: Nomination?.[1].format(timeFormat) ?? '',
    VotingStart: Voting?.[0].format(timeFormat) ?? '',
    VotingEnd: Voting?.[1].format(timeFormat) ?? '',
    QuorumValue: QuorumValue ?? 0,
    ThresholdPercent: ThresholdPercent ?? 50,
  });

/** The server's cross-field checks, said in the form before it says them. */
const maxChoicesRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_: unknown, max: number | null) =>
    max !== null && max > Number(getFieldValue('Seats') ?? Infinity) ? Promise.reject(new Error(electionMessages.maxChoicesAboveSeats)) : Promise.resolve(),
});
const votingRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_: unknown, voting: [Dayjs, Dayjs] | null) => {
    const nomination = getFieldValue('Nomination') as [Dayjs, Dayjs] | null;
    return voting && nomination && voting[0].isBefore(nomination[1])
      ? Promise.reject(new Error(electionMessages.votingBeforeNominationEnd))
      : Promise.resolve();
  },
});

const quorumPercentRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_: unknown, value: number | null) =>
    getFieldValue('QuorumType') === QuorumType.Percent && (value ?? 0) > 100
      ? Promise.reject(new Error(electionMessages.quorumPercentInvalid))
      : Promise.resolve(),
});

/** What the election's progress has locked, as the server's rules lock it (docs/elections.md, step 5). */
function lockedBy(e: ElectionDetailDto | undefined) {
  const frozen = Boolean(e?.RollFrozenTime);
  return { rules: frozen, seats: frozen || Boolean(e?.CandidatesConfirmedTime) };
}

/** 新增选举 / 修改选举: seats and choices, the two windows, quorum and threshold, and who is on the roll. */
export function ElectionDialog({ editing, onClose, onSaved }: EditDialogProps<ElectionDto>) {
  const { form, id, open, record, submit, saving } = useRecordForm<ElectionDto, ElectionDetailDto, RulesForm>({
    editing,
    onSaved,
    id: (e) => e.Id,
    key: [...electionsKey, 'edit'],
    fetch: electionsAdminApi.detail,
    blank,
    fill,
    save,
  });
  const levels = useTypeOptions(typeKinds.memberLevel, open);
  const quorumType = Form.useWatch('QuorumType', form);
  const locked = lockedBy(id ? record.data : undefined);

  return (
    <FormDialog
      title={id ? '修改选举' : '新增选举'}
      open={open}
      width={dialogWidth.medium}
      onOk={submit}
      onCancel={onClose}
      saving={saving}
      loading={record.isLoading}
    >
      {locked.rules ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${electionMessages.rulesLocked}，只能修改名称与说明。`} />
      ) : (
        locked.seats && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={electionMessages.seatsLocked} />
      )}
      <Form form={form} labelCol={{ flex: '120px' }} preserve={false}>
        <TextItem
          name="Title"
          label="选举名称"
          rules={[schemaRule(shape.Title)]}
          maxLength={200}
          placeholder={`如：第${dayjs().year() % 100}届理事会换届选举`}
        />
        <TextItem name="Description" label="选举说明" rules={[]} maxLength={2000} maxRows={4} placeholder="选举依据、程序等，会员投票时可见" />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="Seats" label="应选名额" rules={[schemaRule(shape.Seats)]}>
              <WholeNumberInput style={{ width: '100%' }} suffix="名" disabled={locked.seats} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="MaxChoices"
              label="每票最多可选"
              dependencies={['Seats']}
              rules={[schemaRule(shape.MaxChoices), maxChoicesRule]}
              extra="不超过应选名额"
            >
              <WholeNumberInput style={{ width: '100%' }} suffix="人" disabled={locked.seats} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Nomination" label="提名时间" rules={[{ required: true, message: electionMessages.timeRequired }]} extra="会员在此时段内提名候选人">
          <RangePicker {...timeRange} placeholder={['提名开始', '提名截止']} disabled={locked.rules} />
        </Form.Item>
        <Form.Item
          name="Voting"
          label="投票时间"
          dependencies={['Nomination']}
          rules={[{ required: true, message: electionMessages.timeRequired }, votingRule]}
          extra="不早于提名截止；投票开始前须冻结选民名单"
        >
          <RangePicker {...timeRange} placeholder={['投票开始', '投票截止']} disabled={locked.rules} />
        </Form.Item>
        <Form.Item label="法定人数" required>
          <Space.Compact block>
            <Form.Item name="QuorumType" noStyle>
              <Select options={quorumOptions} style={{ width: 140 }} disabled={locked.rules} aria-label="法定人数方式" />
            </Form.Item>
            <Form.Item name="QuorumValue" noStyle dependencies={['QuorumType']} rules={[schemaRule(shape.QuorumValue), quorumPercentRule]}>
              <WholeNumberInput
                style={{ width: '100%' }}
                suffix={quorumType === QuorumType.Percent ? '%' : '票'}
                disabled={locked.rules}
                aria-label="法定人数"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="ThresholdPercent"
          label="当选票数"
          rules={[schemaRule(shape.ThresholdPercent)]}
          extra="得票须超过投票总数（含弃权票）的该比例；50% 即过半数"
        >
          <WholeNumberInput style={{ width: '100%' }} prefix="超过" suffix="%" disabled={locked.rules} />
        </Form.Item>
        <Form.Item name="RollLevels" label="选民会员等级" extra="不选即全部等级">
          <Select mode="multiple" options={levels.data} loading={levels.isLoading} placeholder="全部等级" allowClear disabled={locked.rules} />
        </Form.Item>
        <Form.Item name="RollStandings" label="选民会籍状态" rules={[schemaRule(shape.RollStandings)]}>
          <Checkbox.Group options={standingOptions} disabled={locked.rules} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
