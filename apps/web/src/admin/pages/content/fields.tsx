import { Form, Radio, type FormRule } from 'antd';
import { contentMessages, numberInput } from '@portal/shared';
import { statusOptions } from '../system/status';
import { WholeNumberInput } from '../../shared/WholeNumberInput';

/** 排序号 (spec §9: integers 0–999999, no step buttons); lower sorts first. */
export function SortNumberItem() {
  return (
    <Form.Item
      name="SortNumber"
      label="排序号"
      rules={[{ type: 'integer', min: numberInput.min, max: numberInput.max, message: contentMessages.sortNumberInvalid }]}
    >
      <WholeNumberInput placeholder="数字越小越靠前" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 状态: 正常 (1) or 停用 (0). */
export function StatusItem({ label = '状态', options = statusOptions }: { label?: string; options?: { label: string; value: number }[] }) {
  return (
    <Form.Item name="Status" label={label}>
      <Radio.Group options={options} />
    </Form.Item>
  );
}

/** The part of a shared zod field schema a form rule needs. */
interface FieldSchema {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
}

/** A form rule that checks a field with the server's own schema, so both say the same message. */
export const schemaRule = (schema: FieldSchema): FormRule => ({
  validator: (_, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    return result.success ? Promise.resolve() : Promise.reject(new Error(result.error?.issues[0]?.message));
  },
});
