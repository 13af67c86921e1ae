import { cstDate } from '@portal/shared';
import type { Random } from './random.js';
import { memberLevels, topics } from './vocabulary.js';

/** Footer links to the authorities and sister associations (their real addresses). */
export const friendLinks = [
  { title: '住房和城乡建设部', url: 'https://www.mohurd.gov.cn' },
  { title: '国家金融监督管理总局', url: 'https://www.nfra.gov.cn' },
  { title: '中国保险行业协会', url: 'https://www.iachina.cn' },
  { title: '中国建筑业协会', url: 'https://www.zgjzy.org.cn' },
  { title: '中国建设工程造价管理协会', url: 'https://www.ceca.org.cn' },
  { title: '中国勘察设计协会', url: 'http://www.chinaeda.org' },
  { title: '中国工程建设标准化协会', url: 'http://www.cecs.org.cn' },
  { title: '中国保险学会', url: 'http://www.iic.org.cn' },
] as const;

/** The three lookup lists of spec §3, keyed by type: company categories, member levels, fields. */
export const typeLists: Record<1 | 2 | 3, readonly string[]> = {
  1: ['保险公司', '保险经纪公司', '风险管理机构', '建设单位', '施工企业', '设计单位', '监理单位', '科研院所', '其他'],
  2: memberLevels.map((l) => l.name),
  3: topics.map((t) => t.name),
};

const DAY_MS = 86_400_000;

/** Daily visits for the `days` before today: a slow upward trend, quieter weekends, some noise. */
export function visitHistory(rng: Random, now: number, days: number): { day: string; count: number }[] {
  return Array.from({ length: days }, (_, i) => {
    const day = cstDate(now - (days - i) * DAY_MS);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const trend = 780 + i * 6;
    return { day, count: Math.round(trend * (weekend ? 0.45 : 1) * (0.82 + rng.next() * 0.36)) };
  });
}
