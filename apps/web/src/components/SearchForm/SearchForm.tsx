import { type ReactNode } from 'react';
import { Button, Cascader, Form, Input, Segmented, Select } from 'antd';
import { LoadingOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { dateShortcutDays, typeKinds } from '@portal/shared';
import type { SearchField, SearchValues } from './fields';
import { useMenuOptions, useRoleOptions, useTypeOptions, type LookupOption } from './lookups';
import { isFuture, PastDatePicker } from '../PastDatePicker';
import { RangePicker } from '../DatePickers';
import styles from './SearchForm.module.css';

const dateFormat = 'YYYY-MM-DD';
const [week, month, quarter] = dateShortcutDays;

const rangePresets: { label: string; value: () => [Dayjs, Dayjs] }[] = [
  { label: '最近一周', value: () => [dayjs().subtract(week, 'day'), dayjs()] },
  { label: '最近一个月', value: () => [dayjs().subtract(month, 'day'), dayjs()] },
  { label: '最近三个月', value: () => [dayjs().subtract(quarter, 'day'), dayjs()] },
];

const readStatusOptions = [
  { label: '会员可读', value: 1 },
  { label: '公开', value: 0 },
];

/** A select whose options come from one of the cached lookup lists. */
function LookupSelect({
  kind,
  ...props
}: {
  kind: 'role' | 'companyType' | 'memberLevel' | 'type';
  placeholder: string;
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
}) {
  const roles = useRoleOptions(kind === 'role');
  const companyTypes = useTypeOptions(typeKinds.companyType, kind === 'companyType');
  const memberLevels = useTypeOptions(typeKinds.memberLevel, kind === 'memberLevel');
  const types = useTypeOptions(typeKinds.third, kind === 'type');
  const source = { role: roles, companyType: companyTypes, memberLevel: memberLevels, type: types }[kind];
  return <Select<number, LookupOption> {...props} allowClear showSearch={{ optionFilterProp: 'label' }} options={source.data} loading={source.isLoading} />;
}

function MenuCascader(props: { placeholder: string; id?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const menus = useMenuOptions();
  return <Cascader {...props} options={menus.data} changeOnSelect expandTrigger="click" allowClear showSearch />;
}

/** The control of one field. Called, not rendered as a component: Form.Item hands value, onChange and id to its direct child. */
function control<F>(field: SearchField<F>): ReactNode {
  const choose = field.placeholder ?? `请选择${field.label}`;
  switch (field.kind) {
    case 'input':
      return <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} />;
    case 'select':
      return <Select allowClear placeholder={choose} options={[...field.options]} showSearch={{ optionFilterProp: 'label' }} />;
    case 'role':
    case 'companyType':
    case 'memberLevel':
    case 'type':
      return <LookupSelect kind={field.kind} placeholder={choose} />;
    case 'menu':
      return <MenuCascader placeholder={choose} />;
    case 'date':
      return <PastDatePicker placeholder={choose} />;
    case 'dateRange':
      return <RangePicker presets={rangePresets} disabledDate={field.future ? undefined : isFuture} />;
    case 'readStatus':
      return <Segmented<string | number> options={[{ label: '全部', value: '' }, ...(field.options ?? readStatusOptions)]} />;
  }
}

/** A field's width: a fixed one keeps the rows tidy; a range needs more; a toggle its own. */
const fieldClass: Record<SearchField<unknown>['kind'], string | undefined> = {
  input: styles.item,
  select: styles.item,
  role: styles.item,
  companyType: styles.item,
  memberLevel: styles.item,
  type: styles.item,
  menu: styles.item,
  date: styles.item,
  dateRange: styles.wide,
  readStatus: styles.fit,
};

/** Turns the controls' values into call parameters. */
function toSearchValues<F>(fields: readonly SearchField<F>[], raw: Record<string, unknown>): SearchValues {
  const out: SearchValues = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.kind === 'dateRange') {
      const range = value as [Dayjs, Dayjs] | null | undefined;
      out[field.names[0]] = range?.[0]?.format(dateFormat);
      out[field.names[1]] = range?.[1]?.format(dateFormat);
    } else if (field.kind === 'date') {
      out[field.name] = (value as Dayjs | null | undefined)?.format(dateFormat);
    } else if (field.kind === 'menu') {
      out[field.name] = (value as number[] | undefined)?.at(-1);
    } else if (typeof value === 'string') {
      out[field.name] = value.trim() || undefined;
    } else {
      out[field.name] = (value as number | null | undefined) ?? undefined;
    }
  }
  return out;
}

export interface SearchFormProps<F extends SearchValues> {
  fields: readonly SearchField<F>[];
  onSearch: (values: F) => void;
  /** The list is loading: the 查询 button shows it (and still takes a new search). */
  loading?: boolean;
  /** Starting values (the list's initial filters), which 重置 returns to. */
  initialValues?: Partial<F>;
}

/**
 * The back office's search form (spec §2): fields from configuration, then 查询 and 重置.
 * Enter in any text box searches; 重置 returns every field to its starting value and searches again.
 */
export function SearchForm<F extends SearchValues>({ fields, onSearch, loading, initialValues }: SearchFormProps<F>) {
  const [form] = Form.useForm();
  const submit = (raw: Record<string, unknown>) => onSearch(toSearchValues(fields, raw) as F);
  return (
    <Form
      form={form}
      className={styles.form}
      layout="inline"
      onFinish={submit}
      initialValues={{ ...Object.fromEntries(fields.filter((f) => f.kind === 'readStatus').map((f) => [f.name, ''])), ...initialValues }}
    >
      {fields.map((field) => (
        <Form.Item<Record<string, unknown>> key={field.name} name={field.name} label={field.label} className={fieldClass[field.kind]}>
          {control(field)}
        </Form.Item>
      ))}
      <Form.Item className={styles.actions}>
        {/* Busy shown by the icon, not antd's `loading`, which swallows clicks: a search asked
            while the list still loads (typed during the first page's fetch) must still run. */}
        <Button type="primary" htmlType="submit" icon={loading ? <LoadingOutlined /> : <SearchOutlined />} aria-busy={loading}>
          查询
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            submit(form.getFieldsValue(true));
          }}
        >
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}
