import { Alert, Card, Checkbox, Form, Input, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { formMessages, isAnswered, typeKinds, type FormField } from '@portal/shared';
import { RangePicker } from '../../../../../components/DatePickers';
import { useTypeOptions } from '../../../../../components/SearchForm';
import { trimmed } from '../../../../shared/normalize';
import { WholeNumberInput } from '../../../../shared/WholeNumberInput';
import { changeField } from '../fields';
import type { FormSettings } from '../settings';
import { audienceNames, kindOptions } from '../status';
import styles from '../form.module.css';

interface SettingsCardProps {
  form: FormInstance<FormSettings>;
  /** A vote's picks are its one question's MaxPicks, set here. */
  fields: FormField[];
  onFieldsChange: (fields: FormField[]) => void;
}

const closeAfterOpen = {
  validator: (_: unknown, range: FormSettings['Window']) =>
    range?.[0] && range[1] && !range[1].isAfter(range[0]) ? Promise.reject(new Error(formMessages.closeBeforeOpen)) : Promise.resolve(),
};

/** 表单设置: title, kind, who may answer and when, one response each, anonymity, the limit, and what is published. */
export function SettingsCard({ form, fields, onFieldsChange }: SettingsCardProps) {
  const kind = Form.useWatch('Kind', form);
  const audience = Form.useWatch('Audience', form);
  const levels = useTypeOptions(typeKinds.memberLevel);
  return (
    <Card title="表单设置" size="small" className={styles.card}>
      <Form.Item name="Title" label="标题" normalize={trimmed} rules={[{ required: true, message: formMessages.titleRequired }]}>
        <Input maxLength={200} showCount placeholder="如：会员满意度调查" />
      </Form.Item>
      <Form.Item name="Description" label="说明" extra="显示在表单开头">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="Kind" label="类型">
        <Radio.Group options={kindOptions} optionType="button" />
      </Form.Item>
      <Form.Item name="Audience" label="填写范围">
        <Select options={Object.entries(audienceNames).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      {audience === 'levels' && (
        <Form.Item name="Levels" label="会员等级" rules={[{ required: true, message: formMessages.levelsRequired }]}>
          <Select mode="multiple" options={levels.data} loading={levels.isLoading} placeholder="请选择可填写的会员等级" />
        </Form.Item>
      )}
      <Form.Item name="Window" label="开放时间" extra="两端都可留空：不填开始时间即开放后立即可填，不填截止时间即不限" rules={[closeAfterOpen]}>
        <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} placeholder={['开始时间', '截止时间']} />
      </Form.Item>
      {audience === 'public' ? (
        <Alert className={styles.notice} type="info" title="所有人可填：访客每次提交需输入验证码，同一网络地址10分钟内最多提交30次。" />
      ) : (
        <Form.Item name="OncePerMember" valuePropName="checked">
          <Checkbox>每位会员限提交一次</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="Anonymous" valuePropName="checked" extra="提交记录不保存填写人、等级、地区与网络地址；填写页会事先告知">
        <Checkbox>匿名填写</Checkbox>
      </Form.Item>
      <Form.Item name="ResponseLimit" label="回收上限" extra="0 为不限" rules={[{ required: true, message: formMessages.limitInvalid }]}>
        <WholeNumberInput style={{ width: '100%' }} />
      </Form.Item>
      {kind === 'vote' ? <VoteRules fields={fields} onFieldsChange={onFieldsChange} /> : <PublishSummary />}
    </Card>
  );
}

function PublishSummary() {
  return (
    <Form.Item name="PublishSummary" valuePropName="checked" extra="表单关闭后，在填写页公开各题的统计结果">
      <Checkbox>关闭后公开结果</Checkbox>
    </Form.Item>
  );
}

/** A vote: when its counts are shown, and how many choices each voter picks (its one question's MaxPicks). */
function VoteRules({ fields, onFieldsChange }: Pick<SettingsCardProps, 'fields' | 'onFieldsChange'>) {
  const questions = fields.map((f, index) => ({ f, index })).filter(({ f }) => isAnswered(f.Type));
  const only = questions.length === 1 ? questions[0]! : null;
  return (
    <>
      <Form.Item name="ResultsVisible" label="投票结果">
        <Radio.Group
          options={[
            { value: 'during', label: '投票期间可见' },
            { value: 'after', label: '结束后可见' },
          ]}
        />
      </Form.Item>
      {only?.f.Type === 'checkbox' ? (
        <Form.Item label="每人最多选" extra={`0 为不限（最多${only.f.Options.length}项）`}>
          <InputNumber<number>
            aria-label="每人最多选"
            min={0}
            max={only.f.Options.length}
            precision={0}
            value={only.f.MaxPicks}
            onChange={(n) => onFieldsChange(changeField(fields, only.index, { MaxPicks: n ?? 0 }))}
          />
        </Form.Item>
      ) : (
        only?.f.Type !== 'radio' && <Alert className={styles.notice} type="warning" title={formMessages.voteShape} />
      )}
    </>
  );
}
