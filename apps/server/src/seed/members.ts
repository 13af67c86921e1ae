import { ApplyState, cstDate, formatCst } from '@portal/shared';
import type { Random } from './random.js';
import { brands, companyKinds, companyName, memberLevels, personNames } from './vocabulary.js';

/**
 * The demo association's member companies: about forty, in every level, drawn from the same
 * made-up names as the exam results, so that a member's 我的证书 shows its staff's certificates.
 * Most were admitted over the last two years; a few applications wait for review and one was
 * rejected with a reason, so every back-office queue has something in it.
 *
 * Nobody knows their passwords (a random one, hashed once by the caller): demo content must not
 * open a door on a real site. An administrator sets one in 会员列表 to try the member area.
 */

const DAY_MS = 86_400_000;

/** Brand → account prefix, so accounts read like the ones associations hand out. */
const brandAccounts: Record<(typeof brands)[number], string> = {
  中恒: 'zhongheng',
  华卓: 'huazhuo',
  鼎元: 'dingyuan',
  承泰: 'chengtai',
  瑞诚: 'ruicheng',
  弘筑: 'hongzhu',
  国衡: 'guoheng',
  安晟: 'ansheng',
  正则: 'zhengze',
  启明: 'qiming',
  恒信: 'hengxin',
  远筑: 'yuanzhu',
};
const kindAccounts = ['bx', 'jj', 'fk', 'jt', 'sj', 'zx'] as const;

const natures = ['国有企业', '股份有限公司', '民营企业', '中外合资企业'] as const;
const businesses: Record<string, string> = {
  保险公司: '工程险、安责险、工程质量潜在缺陷保险等财产保险业务',
  保险经纪公司: '工程保险经纪、风险评估与保险方案设计',
  风险管理机构: '工程质量风险管理（TIS）、安全风险评估与技术服务',
  施工企业: '房屋建筑与市政公用工程施工总承包',
  设计单位: '建筑工程设计、工程咨询与全过程设计管理',
  监理单位: '工程监理、项目管理与造价咨询',
};
const cities = [
  '北京市朝阳区建国路',
  '上海市浦东新区世纪大道',
  '广州市天河区珠江新城华夏路',
  '深圳市福田区深南大道',
  '南京市建邺区江东中路',
  '杭州市西湖区文三路',
  '成都市高新区天府大道',
  '武汉市江汉区建设大道',
] as const;

/** Companies before each index hold the level of that index (1 会长单位, 3 副会长单位, …); the rest are 会员单位. */
const levelLimits = [1, 4, 10, 20] as const;
const MEMBERS = 40;
const PENDING = 4;
const REJECTION = '营业执照复印件不清晰，请上传加盖公章的扫描件后重新提交';

export interface DemoMember {
  account: string;
  memberName: string;
  /** type list 1 name. */
  companyType: string;
  /** type list 2 name. */
  memberLevel: string;
  applyState: ApplyState;
  reason: string;
  companyMent: string;
  mainbusiness: string;
  regAddress: string;
  dailyOperator: string;
  operatorPhone: string;
  legalPerson: string;
  email: string;
  regCapital: number;
  staffCount: number;
  appliedAt: string;
  /** When the association decided; '' while under review. */
  decidedAt: string;
  joinDate: string;
  expireDate: string;
  /** Listed in 会员名录 (every third admitted company), with its city and phone shown. */
  listed: boolean;
  region: string;
}

const phone = (rng: Random) => `1${rng.pick(['35', '36', '38', '39', '58', '86', '88'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;

export function demoMembers(rng: Random, now: number): DemoMember[] {
  const companies = rng
    .shuffle(brands.flatMap((brand) => companyKinds.map((kind, k) => ({ brand, kind, account: `${brandAccounts[brand]}_${kindAccounts[k]}` }))))
    .slice(0, MEMBERS);
  const levels = memberLevels.map((l) => l.name);
  return companies.map(({ brand, kind, account }, i) => {
    // The last few are the newest: applications still waiting, and before them the rejected one.
    const pending = i >= MEMBERS - PENDING;
    const rejected = i === MEMBERS - PENDING - 1;
    const levelIndex = levelLimits.findIndex((limit) => i < limit);
    const level = levels[levelIndex === -1 ? levels.length - 1 : levelIndex] as string;
    const applied = pending ? now - rng.int(1, 12) * DAY_MS : rejected ? now - 20 * DAY_MS : now - rng.int(60, 720) * DAY_MS;
    const decided = pending ? 0 : applied + rng.int(2, 9) * DAY_MS;
    const admitted = !pending && !rejected;
    // Drawn in the order they always were, so the rest of the demo stays as it was.
    const companyMent = rng.pick(natures);
    const city = rng.pick(cities);
    return {
      account,
      memberName: companyName(brand, kind),
      companyType: kind.category,
      memberLevel: level,
      applyState: pending ? ApplyState.UnderReview : rejected ? ApplyState.Rejected : ApplyState.Approved,
      reason: rejected ? REJECTION : '',
      companyMent,
      mainbusiness: businesses[kind.category] ?? '',
      regAddress: `${city}${rng.int(1, 399)}号`,
      dailyOperator: rng.pick(personNames),
      operatorPhone: phone(rng),
      legalPerson: rng.pick(personNames),
      email: `office@${account.replace('_', '-')}.example.cn`,
      regCapital: rng.int(5, 200) * 1000,
      staffCount: rng.int(40, 3000),
      appliedAt: formatCst(applied),
      decidedAt: decided ? formatCst(decided) : '',
      joinDate: admitted ? cstDate(decided) : '',
      expireDate: admitted ? `${new Date(now).getUTCFullYear()}-12-31` : '',
      listed: admitted && i % 3 === 0,
      region: city,
    };
  });
}
