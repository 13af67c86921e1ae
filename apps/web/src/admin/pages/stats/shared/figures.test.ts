import { describe, expect, it } from 'vitest';
import { changeOf, share } from './figures';

describe('the change against an earlier period', () => {
  it('gives the percentage up or down with one decimal', () => {
    expect(changeOf(45, 40)).toEqual({ trend: 'up', text: '较上一周期 ↑12.5%' });
    expect(changeOf(30, 40)).toEqual({ trend: 'down', text: '较上一周期 ↓25.0%' });
    expect(changeOf(40, 40)).toEqual({ trend: 'flat', text: '较上一周期 持平' });
  });

  it('names the period compared with: the monthly report’s is the previous month', () => {
    expect(changeOf(45, 40, '上月')).toEqual({ trend: 'up', text: '较上月 ↑12.5%' });
    expect(changeOf(3, 0, '上月').text).toBe('上月无访问，不计增减');
  });

  it('says nothing of a percentage when the previous period had none', () => {
    expect(changeOf(12, 0).trend).toBe('none');
    expect(changeOf(12, 0).text).not.toMatch(/%/);
    expect(changeOf(0, 0)).toEqual({ trend: 'flat', text: '较上一周期 持平' });
    expect(share(1, 0)).toBe('0%');
  });
});
