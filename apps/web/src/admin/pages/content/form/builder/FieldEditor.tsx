import { Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Tooltip } from 'antd';
import { formFieldTypeNames, formFieldTypes, formTextLimits, isAnswered, type FormField } from '@portal/shared';
import { conditionSources } from '../fields';
import { lockedReason } from './FieldCard';
import { LinesInput } from './LinesInput';
import styles from '../form.module.css';

interface FieldEditorProps {
  fields: FormField[];
  index: number;
  /** Answered: the type stays. */
  locked: boolean;
  onChange: (patch: Partial<FormField>) => void;
}

type Edit = Pick<FieldEditorProps, 'onChange'> & { field: FormField };

/** A number box for a bound (lengths, picks, a range); what empty means is the caller's. */
function Bound({
  label,
  value,
  onChange,
  min = 0,
  max,
}: {
  label: string;
  value: number | null;
  onChange: (n: number | null) => void;
  min?: number;
  max?: number;
}) {
  return (
    <Form.Item label={label}>
      <InputNumber<number> aria-label={label} value={value} min={min} max={max} onChange={onChange} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A field's settings: its title, help and type, required, what it checks, its options, and when it is shown. */
export function FieldEditor({ fields, index, locked, onChange }: FieldEditorProps) {
  const field = fields[index]!;
  const answered = isAnswered(field.Type);
  const typeSelect = (
    <Select
      aria-label="题型"
      value={field.Type}
      disabled={locked}
      onChange={(Type) => onChange({ Type })}
      options={formFieldTypes.map((t) => ({ value: t, label: formFieldTypeNames[t] }))}
    />
  );
  return (
    <div className={styles.editor}>
      <Row gutter={12}>
        <Col xs={24} md={16}>
          <Form.Item label={answered ? '题目' : field.Type === 'section' ? '标题' : '文字'} required>
            <Input.TextArea
              aria-label="题目"
              value={field.Label}
              maxLength={200}
              autoSize={{ minRows: 1, maxRows: 4 }}
              onChange={(e) => onChange({ Label: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="题型">{locked ? <Tooltip title={lockedReason}>{typeSelect}</Tooltip> : typeSelect}</Form.Item>
        </Col>
      </Row>
      <Form.Item label={answered ? '填写说明' : '补充说明'}>
        <Input aria-label="填写说明" value={field.Help} maxLength={500} onChange={(e) => onChange({ Help: e.target.value })} />
      </Form.Item>
      {answered && (
        <Form.Item>
          <Checkbox checked={field.Required} onChange={(e) => onChange({ Required: e.target.checked })}>
            必填
          </Checkbox>
        </Form.Item>
      )}
      <TypeSettings field={field} onChange={onChange} />
      <Condition fields={fields} index={index} onChange={onChange} />
      <div className={styles.fieldKey}>字段标识：{field.Key}（导出与显示条件用，保存后不变）</div>
    </div>
  );
}

const accepts: { value: FormField['Accept']; label: string }[] = [
  { value: 'any', label: '不限' },
  { value: 'image', label: '图片' },
  { value: 'document', label: '文档' },
];

/** A setting picked among a few values (a rating's scale, a file's kind). */
function OneOf<V extends string | number>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (v: V) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <Form.Item label={label}>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value as V)} options={options} />
    </Form.Item>
  );
}

/** What only some types have: lengths and a pattern, a range, options and picks, a scale, a matrix, a file's kind. */
function TypeSettings({ field, onChange }: Edit) {
  switch (field.Type) {
    case 'text':
    case 'textarea':
      return <TextSettings field={field} onChange={onChange} />;
    case 'number':
      return (
        <Row gutter={12}>
          <Col span={12}>
            <Bound label="最小值" value={field.Min} min={-1e15} onChange={(Min) => onChange({ Min })} />
          </Col>
          <Col span={12}>
            <Bound label="最大值" value={field.Max} min={-1e15} onChange={(Max) => onChange({ Max })} />
          </Col>
        </Row>
      );
    case 'radio':
    case 'select':
      return <LinesInput label="选项" value={field.Options} onChange={(Options) => onChange({ Options })} />;
    case 'checkbox':
      return (
        <>
          <LinesInput label="选项" value={field.Options} onChange={(Options) => onChange({ Options })} />
          <Row gutter={12}>
            <Col span={12}>
              <Bound label="最少选（0为不限）" value={field.MinPicks} max={field.Options.length} onChange={(n) => onChange({ MinPicks: n ?? 0 })} />
            </Col>
            <Col span={12}>
              <Bound label="最多选（0为不限）" value={field.MaxPicks} max={field.Options.length} onChange={(n) => onChange({ MaxPicks: n ?? 0 })} />
            </Col>
          </Row>
        </>
      );
    case 'rating':
      return (
        <OneOf
          label="分制"
          value={field.Scale}
          onChange={(Scale) => onChange({ Scale })}
          options={[5, 10].map((n) => ({ value: n as FormField['Scale'], label: `${n}分制` }))}
        />
      );
    case 'matrix':
      return (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <LinesInput label="行（评价项）" value={field.Rows} onChange={(Rows) => onChange({ Rows })} />
          </Col>
          <Col xs={24} md={12}>
            <LinesInput label="列（量表）" value={field.Columns} onChange={(Columns) => onChange({ Columns })} />
          </Col>
        </Row>
      );
    case 'file':
      return <OneOf label="附件类型" value={field.Accept} onChange={(Accept) => onChange({ Accept })} options={accepts} />;
    default:
      return null;
  }
}

function TextSettings({ field, onChange }: Edit) {
  const longest = formTextLimits[field.Type === 'textarea' ? 'textarea' : 'text'];
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Bound label="最少字数（0为不限）" value={field.MinLength} max={longest} onChange={(n) => onChange({ MinLength: n ?? 0 })} />
        </Col>
        <Col span={12}>
          <Bound label={`最多字数（0为${longest}）`} value={field.MaxLength} max={longest} onChange={(n) => onChange({ MaxLength: n ?? 0 })} />
        </Col>
      </Row>
      {field.Type === 'text' && (
        <Form.Item label="格式（正则表达式）" extra="整个回答须符合，如统一社会信用代码：^[0-9A-Z]{18}$；留空不限">
          <Input aria-label="格式（正则表达式）" value={field.Pattern} maxLength={200} onChange={(e) => onChange({ Pattern: e.target.value })} />
        </Form.Item>
      )}
    </>
  );
}

/** 显示条件: always, or when an earlier choice field has one of its options picked. */
function Condition({ fields, index, onChange }: Omit<FieldEditorProps, 'locked'>) {
  const field = fields[index]!;
  const sources = conditionSources(fields, index);
  const source = sources.find((f) => f.Key === field.ShowWhen?.Field);
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item label="显示条件" extra={sources.length ? undefined : '前面没有单选、多选或下拉题'}>
          <Select
            aria-label="显示条件"
            value={field.ShowWhen?.Field ?? ''}
            disabled={sources.length === 0}
            onChange={(key: string) => {
              const on = sources.find((f) => f.Key === key);
              onChange({ ShowWhen: on ? { Field: on.Key, Option: on.Options[0] ?? '' } : null });
            }}
            options={[{ value: '', label: '始终显示' }, ...sources.map((f) => ({ value: f.Key, label: `当「${f.Label}」选择` }))]}
          />
        </Form.Item>
      </Col>
      {source && (
        <Col xs={24} md={12}>
          <Form.Item label="选项">
            <Select
              aria-label="条件选项"
              value={field.ShowWhen!.Option}
              onChange={(Option: string) => onChange({ ShowWhen: { Field: source.Key, Option } })}
              options={source.Options.map((o) => ({ value: o, label: o }))}
            />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
