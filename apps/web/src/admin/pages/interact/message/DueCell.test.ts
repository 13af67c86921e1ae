import { describe, expect, it } from 'vitest';
import { dueState } from './DueCell';

const now = Date.parse('2026-11-27T10:00:00+08:00');

describe('dueState', () => {
  it('marks 超期 as the server says, and 即将到期 within a day of the due time', () => {
    expect(dueState({ DueTime: '2026-11-26 09:00:00', Overdue: true, State: 1 }, now)).toBe('overdue');
    expect(dueState({ DueTime: '2026-11-28 09:00:00', Overdue: false, State: 0 }, now)).toBe('soon');
    expect(dueState({ DueTime: '2026-12-02 09:00:00', Overdue: false, State: 1 }, now)).toBe('open');
    expect(dueState({ DueTime: '2026-11-28 09:00:00', Overdue: false, State: 2 }, now)).toBe('done');
  });
});
