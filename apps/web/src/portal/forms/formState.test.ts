import { describe, expect, it } from 'vitest';
import { formMessages } from '@portal/shared';
import { formState, windowText } from './formState';

describe('formState', () => {
  it('reads the refusal GetPublicForm gives', () => {
    expect(formState({ Refusal: '' })).toBe('open');
    expect(formState({ Refusal: formMessages.closed })).toBe('ended');
    expect(formState({ Refusal: formMessages.ended })).toBe('ended');
    expect(formState({ Refusal: formMessages.notYetOpen('2026-12-01 09:00:00') })).toBe('upcoming');
    expect(formState({ Refusal: formMessages.full })).toBe('full');
    expect(formState({ Refusal: formMessages.membersOnly })).toBe('login');
    expect(formState({ Refusal: formMessages.notInAudience })).toBe('outside');
    expect(formState({ Refusal: formMessages.lapsed })).toBe('outside');
    expect(formState({ Refusal: formMessages.alreadyResponded })).toBe('answered');
  });
});

describe('windowText', () => {
  it('says the window to the minute', () => {
    expect(windowText({ OpenTime: '2026-12-01 09:00:00', CloseTime: '2026-12-31 18:00:00' })).toBe('2026-12-01 09:00 至 2026-12-31 18:00');
    expect(windowText({ OpenTime: '', CloseTime: '2026-12-31 18:00:00' })).toBe('截止于 2026-12-31 18:00');
    expect(windowText({ OpenTime: '', CloseTime: '' })).toBe('');
  });
});
