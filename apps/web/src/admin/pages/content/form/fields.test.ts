import { describe, expect, it } from 'vitest';
import { definitionProblem } from '@portal/shared';
import { blankField, changeField, conditionHolds, duplicateField, freshKey, moveField, removeField } from './fields';

/** A choice 参会意向 (参加/不参加), a reason shown on 不参加, and a rating. */
function survey() {
  const intent = { ...blankField('radio', []), Label: '参会意向', Options: ['参加', '不参加'] };
  const reason = { ...blankField('textarea', [intent]), Label: '原因', ShowWhen: { Field: intent.Key, Option: '不参加' } };
  const rating = blankField('rating', [intent, reason]);
  return [intent, reason, rating];
}

describe('the builder’s fields', () => {
  it('starts a field of each type as the server would take it', () => {
    const fields = survey();
    expect(fields.map((f) => f.Key)).toEqual(['q1', 'q2', 'q3']);
    expect(definitionProblem('survey', fields)).toBeNull();
    expect(definitionProblem('form', [blankField('matrix', [])])).toBeNull();
    expect(definitionProblem('vote', [blankField('checkbox', [])])).toBeNull();
  });

  it('gives a new or copied field a key no other field has', () => {
    const fields = survey();
    expect(freshKey([fields[2]!])).toBe('q2');
    expect(freshKey(fields)).toBe('q4');
    const copied = duplicateField(fields, 0);
    expect(copied.map((f) => f.Label)).toEqual(['参会意向', '参会意向（副本）', '原因', fields[2]!.Label]);
    expect(new Set(copied.map((f) => f.Key)).size).toBe(4);
  });

  it('moves a field, and says when a move leaves a condition before its choice', () => {
    const moved = moveField(survey(), 1, 0);
    expect(moved.map((f) => f.Label)[0]).toBe('原因');
    expect(conditionHolds(moved, 0)).toBe(false);
    expect(conditionHolds(moveField(survey(), 2, 0), 2)).toBe(true);
  });

  it('keeps conditions on an option renamed in place, and drops those on a removed field', () => {
    const renamed = changeField(survey(), 0, { Options: ['参加', '不能参加'] });
    expect(renamed[1]!.ShowWhen).toEqual({ Field: 'q1', Option: '不能参加' });
    expect(removeField(survey(), 0)[0]!.ShowWhen).toBeNull();
  });
});
