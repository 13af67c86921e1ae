import { describe, expect, it } from 'vitest';
import { formField } from '@portal/shared';
import { answerText } from './answerText';
import { answersToSend, fieldError, fieldOfMessage, formErrors, visibleFields, type FormFieldView } from './formAnswers';

const field = (Key: string, Type: string, Label: string, more: Partial<FormFieldView> = {}): FormFieldView => formField.parse({ Key, Type, Label, ...more });

const fields = [
  field('intro', 'section', '基本情况'),
  field('name', 'text', '姓名', { Required: true, MaxLength: 4 }),
  field('satisfied', 'radio', '满意度', { Options: ['满意', '不满意'], Required: true }),
  field('why', 'textarea', '不满意的原因', { Required: true, ShowWhen: { Field: 'satisfied', Option: '不满意' } }),
  field('detail', 'text', '具体环节', { ShowWhen: { Field: 'why-kind', Option: '服务' } }),
  field('services', 'checkbox', '服务', { Options: ['培训', '咨询', '评优'], MinPicks: 1, MaxPicks: 2 }),
  field('count', 'number', '人数', { Min: 1, Max: 100 }),
  field('phone', 'phone', '联系电话'),
  field('tel', 'phone', '电话'),
];

describe('visibleFields', () => {
  it('shows a conditional field only while its choice is picked', () => {
    expect(visibleFields(fields, {}).map((f) => f.Key)).not.toContain('why');
    expect(visibleFields(fields, { satisfied: '满意' }).map((f) => f.Key)).not.toContain('why');
    expect(visibleFields(fields, { satisfied: '不满意' }).map((f) => f.Key)).toContain('why');
  });

  it('reads a checkbox condition among the picks', () => {
    const list = [field('s', 'checkbox', '服务', { Options: ['甲', '乙'] }), field('x', 'text', '说明', { ShowWhen: { Field: 's', Option: '乙' } })];
    expect(visibleFields(list, { s: ['甲'] }).map((f) => f.Key)).toEqual(['s']);
    expect(visibleFields(list, { s: ['甲', '乙'] }).map((f) => f.Key)).toEqual(['s', 'x']);
  });

  it('hides what follows from a hidden field, whatever that field still holds', () => {
    const chain = [
      field('a', 'radio', '甲', { Options: ['是', '否'] }),
      field('b', 'radio', '乙', { Options: ['是', '否'], ShowWhen: { Field: 'a', Option: '是' } }),
      field('c', 'text', '丙', { ShowWhen: { Field: 'b', Option: '是' } }),
    ];
    expect(visibleFields(chain, { a: '是', b: '是' }).map((f) => f.Key)).toEqual(['a', 'b', 'c']);
    expect(visibleFields(chain, { a: '否', b: '是' }).map((f) => f.Key)).toEqual(['a']);
  });
});

describe('fieldError and formErrors', () => {
  it('gives the server’s messages', () => {
    expect(fieldError(fields[1]!, '')).toBe('请填写「姓名」');
    expect(fieldError(fields[1]!, '张三丰大侠')).toBe('「姓名」不能超过4个字');
    expect(fieldError(fields[5]!, ['培训', '咨询', '评优'])).toBe('「服务」最多选择2项');
    expect(fieldError(fields[6]!, '0')).toBe('「人数」不能小于1');
    expect(fieldError(fields[6]!, 'abc')).toBe('「人数」应为数字');
    expect(fieldError(fields[7]!, '123')).toBe('「联系电话」应为正确的手机或固定电话号码');
    expect(fieldError(fields[1]!, '张三')).toBeUndefined();
    expect(fieldError(fields[0]!, undefined)).toBeUndefined();
  });

  it('asks for a hidden required field only once it shows', () => {
    expect(formErrors(fields, { name: '张三', satisfied: '满意' })).toEqual({});
    expect(formErrors(fields, { name: '张三', satisfied: '不满意' })).toEqual({ why: '请填写「不满意的原因」' });
    expect(formErrors(fields, {})).toEqual({ name: '请填写「姓名」', satisfied: '请填写「满意度」' });
  });

  it('checks a required matrix row by row and a region by both parts', () => {
    const matrix = field('m', 'matrix', '评价', { Required: true, Rows: ['服务', '价格'], Columns: ['好', '差'] });
    expect(fieldError(matrix, { 服务: '好' })).toBe('请填写「评价」');
    expect(fieldError(matrix, { 服务: '好', 价格: '差' })).toBeUndefined();
    const region = field('r', 'region', '所在地区', { Required: true });
    expect(fieldError(region, { Province: '广东省', City: '' })).toBe('「所在地区」应选择省份和城市');
    expect(fieldError(region, { Province: '广东省', City: '深圳市' })).toBeUndefined();
  });
});

describe('answersToSend', () => {
  it('sends the shown, filled answers, trimmed, and drops a hidden field’s', () => {
    expect(answersToSend(fields, { name: ' 张三 ', satisfied: '满意', why: '太慢', services: [], count: '' })).toEqual({ name: '张三', satisfied: '满意' });
    expect(answersToSend(fields, { name: '张三', satisfied: '不满意', why: '太慢' })).toEqual({ name: '张三', satisfied: '不满意', why: '太慢' });
  });

  it('leaves out an empty region and matrix', () => {
    const list = [field('r', 'region', '地区'), field('m', 'matrix', '评价', { Rows: ['甲'], Columns: ['好', '差'] })];
    expect(answersToSend(list, { r: { Province: '', City: '' }, m: {} })).toEqual({});
  });
});

describe('fieldOfMessage', () => {
  it('finds the field a refusal names, the longest label first', () => {
    expect(fieldOfMessage(fields, '「联系电话」应为正确的手机或固定电话号码')?.Key).toBe('phone');
    expect(fieldOfMessage(fields, '「电话」应为正确的手机或固定电话号码')?.Key).toBe('tel');
    expect(fieldOfMessage(fields, '表单已关闭，不再接受提交')).toBeUndefined();
  });
});

describe('answerText', () => {
  it('writes each kind of answer on one line', () => {
    expect(answerText(fields[5]!, ['培训', '咨询'])).toBe('培训、咨询');
    expect(answerText(field('m', 'matrix', '评价', { Rows: ['服务', '价格'], Columns: ['好', '差'] }), { 价格: '差', 服务: '好' })).toBe('服务：好；价格：差');
    expect(answerText(field('r', 'region', '地区'), { Province: '广东省', City: '深圳市' })).toBe('广东省 深圳市');
    expect(answerText(field('s', 'rating', '评分', { Scale: 10 }), 8)).toBe('8 / 10 分');
    expect(answerText(fields[1]!, undefined)).toBe('');
  });
});
