import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { formField } from '@portal/shared';
import { FormView } from './FormView';
import type { FormFieldView, FormValues } from './formAnswers';

const field = (Key: string, Type: string, Label: string, more: Partial<FormFieldView> = {}): FormFieldView => formField.parse({ Key, Type, Label, ...more });

const definition = [
  field('satisfied', 'radio', '是否满意', { Required: true, Options: ['满意', '不满意'] }),
  field('why', 'textarea', '不满意的原因', { ShowWhen: { Field: 'satisfied', Option: '不满意' } }),
  field('services', 'checkbox', '用过的服务', { Options: ['培训', '咨询'], MaxPicks: 1 }),
];

const draw = (value: FormValues, more: { readOnly?: boolean; errors?: Record<string, string> } = {}) =>
  renderToStaticMarkup(<FormView definition={definition} value={value} {...more} />);

describe('FormView', () => {
  it('draws a conditional question only once its choice is picked', () => {
    expect(draw({})).not.toContain('不满意的原因');
    expect(draw({ satisfied: '满意' })).not.toContain('不满意的原因');
    expect(draw({ satisfied: '不满意' })).toContain('不满意的原因');
  });

  it('marks required questions, says the picks allowed, and shows an error under its question', () => {
    const html = draw({}, { errors: { satisfied: '请填写「是否满意」' } });
    expect(html).toContain('（必填）');
    expect(html).toContain('最多选1项');
    expect(html).toMatch(/<p id="[^"]*-satisfied-error"[^>]*>请填写「是否满意」<\/p>/);
  });

  it('reads an answer back as text, without inputs', () => {
    const html = draw({ satisfied: '不满意', why: '太慢', services: ['培训'] }, { readOnly: true });
    expect(html).not.toContain('<input');
    expect(html).toContain('太慢');
    expect(html).toContain('培训');
  });
});
