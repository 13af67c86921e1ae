/** Words the demo articles are assembled from: places, subjects, organisations, people. */

export interface Province {
  /** Full name, e.g. 广东省. */
  name: string;
  short: string;
  /** Its construction authority. */
  authority: string;
  cities: readonly string[];
}

const province = (name: string, short: string, cities: string[]): Province => ({
  name,
  short,
  // Municipalities have a commission, provinces a department.
  authority: name.endsWith('市') ? `${name}住房和城乡建设委员会` : `${name}住房和城乡建设厅`,
  cities,
});

export const provinces: readonly Province[] = [
  province('北京市', '北京', ['北京']),
  province('上海市', '上海', ['上海']),
  province('重庆市', '重庆', ['重庆']),
  province('广东省', '广东', ['广州', '深圳', '佛山', '珠海']),
  province('江苏省', '江苏', ['南京', '苏州', '无锡', '南通']),
  province('浙江省', '浙江', ['杭州', '宁波', '温州', '绍兴']),
  province('山东省', '山东', ['济南', '青岛', '烟台']),
  province('四川省', '四川', ['成都', '绵阳', '宜宾']),
  province('湖北省', '湖北', ['武汉', '宜昌', '襄阳']),
  province('福建省', '福建', ['福州', '厦门', '泉州']),
  province('安徽省', '安徽', ['合肥', '芜湖']),
  province('湖南省', '湖南', ['长沙', '株洲']),
  province('河南省', '河南', ['郑州', '洛阳']),
  province('陕西省', '陕西', ['西安', '宝鸡']),
  province('海南省', '海南', ['海口', '三亚']),
];

export interface Topic {
  name: string;
  /** The short form used in headlines, e.g. 安责险. */
  abbr: string;
  /** Requirements or practices of the subject, usable as list items. */
  points: readonly string[];
  /** A regime the authorities promote by policy (a plain commercial product is not). */
  mandated: boolean;
}

export const topics: readonly Topic[] = [
  {
    name: '工程质量潜在缺陷保险',
    mandated: true,
    abbr: '质量潜在缺陷保险',
    points: [
      '由建设单位投保，保险期间内因工程质量潜在缺陷造成的损坏由保险公司负责维修或赔偿',
      '地基基础和主体结构工程的保险期间为十年，保温和防水工程的保险期间为五年',
      '保险公司应委托风险管理机构对工程实施全过程技术风险检查',
      '保险费可列入工程建设其他费用，实行与风险状况挂钩的差别费率',
      '投保信息纳入工程质量监督和竣工验收备案管理，实现信息共享',
      '住宅工程交付时向业主提供保险告知书，明确报修渠道和理赔流程',
    ],
  },
  {
    name: '安全生产责任保险',
    mandated: true,
    abbr: '安责险',
    points: [
      '建筑施工企业应当依法投保安全生产责任保险，做到应保尽保',
      '保险机构应按规定比例提取事故预防服务费用，专款专用',
      '事故预防服务包括安全风险辨识评估、隐患排查治理和安全教育培训',
      '投保情况与安全生产许可、企业信用评价有效衔接',
      '发生生产安全事故后，保险机构应及时开展查勘定损和预付赔款',
    ],
  },
  {
    name: '工程保证保险',
    mandated: true,
    abbr: '工程保函',
    points: [
      '推行以银行保函、保证保险替代现金缴纳投标、履约和工程质量保证金',
      '建设单位要求施工单位提供履约担保的，应同时提供工程款支付担保',
      '规范保函格式文本，推广电子保函，实现在线开立和查验',
      '加强保函风险管理，将恶意索赔和违规出函行为纳入信用记录',
    ],
  },
  {
    name: '建设工程风险管理',
    mandated: true,
    abbr: '工程风险管理',
    points: [
      '风险管理机构应独立于参建各方，客观公正地开展技术风险检查',
      '技术风险检查覆盖设计、施工和竣工验收各阶段的关键环节',
      '检查发现的风险问题应及时书面告知建设单位和保险公司，并跟踪整改',
      '建立风险管理报告和信息报送制度，形成可追溯的工程质量档案',
      '运用建筑信息模型和物联网监测手段，提升风险识别的精准度',
    ],
  },
  {
    name: '建筑工程一切险',
    mandated: false,
    abbr: '工程一切险',
    points: [
      '承保工程在建设期间因自然灾害和意外事故造成的物质损失',
      '可附加第三者责任保障，覆盖施工对周边人员和财产造成的损害',
      '保险金额应按工程合同总价或概算总投资合理确定',
      '汛期和台风季节前，保险机构应协助施工单位开展防灾防损检查',
    ],
  },
  {
    name: '工程设计责任保险',
    mandated: true,
    abbr: '设计责任险',
    points: [
      '承保设计单位因设计过失造成工程损失所应承担的经济赔偿责任',
      '鼓励勘察设计企业按年度或按项目投保，提高风险承受能力',
      '保险机构应会同行业协会建立设计质量风险评价体系',
      '推动设计责任保险与建筑师负责制试点工作协同推进',
    ],
  },
];

export const policyTopics = topics.filter((t) => t.mandated);
/** The subjects that are insurance lines (a policy can be issued), unlike risk management itself. */
export const insuranceLines = topics.filter((t) => t.name.endsWith('险'));

export const authorities = ['住房和城乡建设部', '国家金融监督管理总局'] as const;

/** Made-up brand words for member companies (not real firms). */
export const brands = ['中恒', '华卓', '鼎元', '承泰', '瑞诚', '弘筑', '国衡', '安晟', '正则', '启明', '恒信', '远筑'] as const;

export const companyKinds = [
  { suffix: '财产保险股份有限公司', category: '保险公司' },
  { suffix: '保险经纪有限公司', category: '保险经纪公司' },
  { suffix: '工程风险管理有限公司', category: '风险管理机构' },
  { suffix: '建设集团有限公司', category: '施工企业' },
  { suffix: '建筑设计研究院有限公司', category: '设计单位' },
  { suffix: '工程咨询有限公司', category: '监理单位' },
] as const;

/** Only insurers issue policies; member news about policies names one. */
export const insurerKind = companyKinds[0];

export function companyName(brand: string, kind: (typeof companyKinds)[number]): string {
  return `${brand}${kind.suffix}`;
}

const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'] as const;
const givenNames = ['建华', '志强', '立新', '海涛', '文静', '晓东', '国平', '振宇', '丽萍', '宏伟', '明远', '淑敏', '卫东', '嘉宁', '永刚', '晓燕'] as const;
export const personNames: readonly string[] = surnames.flatMap((s, i) => givenNames.filter((_, j) => (i + j) % 3 === 0).map((g) => s + g));

/** Member levels (type list 2), highest first, with the yearly fee in yuan. */
export const memberLevels = [
  { name: '会长单位', fee: '100,000' },
  { name: '副会长单位', fee: '50,000' },
  { name: '常务理事单位', fee: '20,000' },
  { name: '理事单位', fee: '10,000' },
  { name: '会员单位', fee: '5,000' },
] as const;

export const projectKinds = ['住宅小区', '城市综合体', '轨道交通', '市政桥梁', '保障性住房', '产业园区', '医院扩建', '学校新建'] as const;

/** Chinese numerals for ordinals in titles (第三届, 第五次). */
export const ordinals = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'] as const;
export const ordinal = (n: number): string => (n >= 1 && n <= ordinals.length ? (ordinals[n - 1] as string) : String(n));
