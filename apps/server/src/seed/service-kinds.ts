import { percent, previousQuarter, type ArticleContext, type ArticleTemplate } from './context.js';
import { h3, indented, ol, p, signature, strong, table, ul } from './html.js';
import { brands, companyKinds, companyName, personNames, projectKinds, provinces, topics } from './vocabulary.js';

/** Headlines and bodies of the service menus: experts, journal, statistics, awards, credit, members, training. */

const somePoints = (c: ArticleContext, n: number) => c.rng.shuffle(c.topic.points).slice(0, n);
const someNames = (c: ArticleContext, n: number) => c.rng.shuffle(personNames).slice(0, n);
const someCompanies = (c: ArticleContext, n: number) =>
  c.rng
    .shuffle(brands)
    .slice(0, n)
    .map((brand) => companyName(brand, c.rng.pick(companyKinds)));
const signed = (c: ArticleContext) => signature(c.site.name, c.dateText);

export const expertTemplates: ArticleTemplate[] = [
  (c) => {
    const author = c.rng.pick(personNames);
    return {
      title: `专家观点｜关于完善${c.topic.name}${c.rng.pick(['风险管理机制', '费率形成机制', '理赔服务机制'])}的思考`,
      body: [
        p(`作者：${author}（协会专家委员会委员）`),
        indented(`${c.topic.name}是工程建设领域引入市场机制、转移和分散风险的重要制度安排。结合近年来的实践，笔者谈几点思考。`),
        h3('一、当前存在的主要问题'),
        ul(['保险产品同质化较为明显', '风险管理服务的独立性有待加强', '历史损失数据积累不足，定价依据不够充分']),
        h3('二、几点建议'),
        ol(somePoints(c, 3)),
        indented(`${strong('制度的生命力在于执行。')}只有保险机构、风险管理机构和参建各方形成合力，才能真正发挥保险的风险减量作用。`),
      ].join(''),
    };
  },
  (c) => ({
    title: `关于征集协会专家库第${c.serial + 2}批专家的通知`,
    body: [
      p('各会员单位、有关单位：'),
      indented(`为充实协会专家力量，现开展专家库第${c.serial + 2}批专家征集工作。`),
      h3('一、征集领域'),
      ul(topics.map((t) => t.name)),
      h3('二、基本条件'),
      ol(['具有高级及以上专业技术职称', '从事相关领域工作十年以上', '遵纪守法，恪守职业道德']),
      indented('请于通知发布之日起一个月内报送推荐材料。'),
      signed(c),
    ].join(''),
  }),
  (c) => {
    const experts = someNames(c, 6);
    return {
      title: `协会专家库${c.year}年度新增专家名单`,
      body: [
        indented(`经单位推荐、资格审查和专家委员会评审，以下${experts.length}位同志入选协会专家库，聘期三年。`),
        table(
          ['序号', '姓名', '专业领域', '职称'],
          experts.map((name, i) => [i + 1, name, c.rng.pick(topics).abbr, c.rng.pick(['正高级工程师', '高级工程师', '研究员', '教授'])]),
        ),
        signed(c),
      ].join(''),
    };
  },
];

export const journalTemplates: ArticleTemplate[] = [
  (c) => {
    const contents = c.rng
      .shuffle(topics)
      .slice(0, 5)
      .map((t) => `${t.name}${c.rng.pick(['发展现状与展望', '实务问题探析', '典型案例评析', '国际经验借鉴'])}`);
    return {
      title: `《建设工程保险与风险管理》${c.year}年第${c.yearSerial}期`,
      body: [
        h3('本期导读'),
        indented(`本期聚焦${c.topic.name}，刊发政策解读、理论研究和实务案例文章${contents.length}篇，供会员单位参考。`),
        h3('本期目录'),
        ol(contents),
        p(strong('本刊为会员内部交流资料，全文仅向会员开放。')),
      ].join(''),
    };
  },
];

export const statisticsTemplates: ArticleTemplate[] = [
  (c) => {
    const { year, label } = previousQuarter(c);
    const regions = c.rng.shuffle(provinces).slice(0, 6);
    return {
      title: `${year}年${label}全国${c.topic.abbr}业务统计分析`,
      body: [
        indented(`根据会员单位报送数据，${year}年${label}全国${c.topic.name}业务总体保持平稳增长，保费收入同比增长${strong(`${percent(c.rng, 4, 24)}%`)}。`),
        h3('分地区业务情况'),
        table(
          ['地区', '承保项目（个）', '保险金额（亿元）', '保费收入（万元）', '赔付率'],
          regions.map((r) => [r.short, c.rng.int(80, 2600), c.rng.int(40, 1800), c.rng.int(800, 48000), `${percent(c.rng, 12, 68)}%`]),
        ),
        h3('主要特点'),
        ul(['业务向中西部地区加快拓展', '住宅工程仍是主要承保对象', '风险管理服务投入占比稳步提高']),
      ].join(''),
    };
  },
  (c) => {
    const { year, label } = previousQuarter(c);
    return {
      title: `${year}年${label}会员单位经营情况统计`,
      body: [
        indented(`截至${year}年${label}末，协会共有会员单位${c.rng.int(320, 460)}家，各类会员单位经营情况如下。`),
        table(
          ['单位类别', '单位数量', '营业收入同比', '从业人员（人）'],
          companyKinds.map((k) => [k.category, c.rng.int(20, 120), `${percent(c.rng, -5, 18)}%`, c.rng.int(2000, 60000)]),
        ),
        indented('统计数据仅供会员单位内部参考。'),
      ].join(''),
    };
  },
];

export const appraisalTemplates: ArticleTemplate[] = [
  (c) => {
    const award = c.rng.pick(['工程风险管理优秀案例', '建设工程保险创新产品', '质量潜在缺陷保险示范项目']);
    return {
      title: `关于${c.year}年度${award}评选结果的公示`,
      body: [
        indented(`根据协会评优工作办法，经申报、初审和专家评审，拟确定以下项目为${c.year}年度${award}，现予公示。`),
        table(
          ['序号', '项目名称', '申报单位'],
          someCompanies(c, 5).map((company, i) => [i + 1, `${c.rng.pick(c.rng.pick(provinces).cities)}${c.rng.pick(projectKinds)}项目`, company]),
        ),
        indented(`公示期为${strong('七个工作日')}。对公示结果有异议的，请以书面形式向协会秘书处反映。`),
        signed(c),
      ].join(''),
    };
  },
  (c) => {
    const award = c.rng.pick(['优秀风险管理机构', '保险服务创新奖', '优秀会员单位']);
    return {
      title: `关于开展${c.year}年度${award}评选活动的通知`,
      body: [
        p('各会员单位：'),
        indented(`为树立行业标杆，协会决定开展${c.year}年度${award}评选活动。`),
        h3('评选程序'),
        ol(['单位自愿申报', '秘书处形式审查', '专家委员会评审', '公示及发布结果']),
        indented(`申报截止时间为${c.year}年${Math.min(12, c.month + 2)}月底。`),
        signed(c),
      ].join(''),
    };
  },
];

export const creditTemplates: ArticleTemplate[] = [
  (c) => {
    const rated = someCompanies(c, 6);
    return {
      title: `${c.year - 1}年度会员单位信用评价结果公示`,
      body: [
        indented(`根据《协会会员信用评价管理办法》，协会组织开展了${c.year - 1}年度会员单位信用评价工作，现将评价结果公示如下。`),
        table(
          ['序号', '单位名称', '信用等级'],
          rated.map((company, i) => [i + 1, company, i < 2 ? 'AAA' : i < 4 ? 'AA' : 'A']),
        ),
        indented('信用评价结果有效期两年，将作为评优评先和行业推荐的重要依据。'),
        signed(c),
      ].join(''),
    };
  },
  (c) => ({
    title: `关于开展${c.year}年度会员信用评价工作的通知`,
    body: [
      p('各会员单位：'),
      indented(`为推进行业信用体系建设，协会将开展${c.year}年度会员单位信用评价工作。`),
      h3('评价内容'),
      ul(['基本情况与经营能力', '守法合规与履约情况', '服务质量与社会责任', '技术创新与人才队伍']),
      indented('评价等级分为AAA、AA、A、B、C五级。请有意参评的单位登录会员中心提交申请。'),
      signed(c),
    ].join(''),
  }),
];

export const showcaseTemplates: ArticleTemplate[] = [
  (c) => ({
    title: `会员风采｜${c.company}：深耕${c.topic.abbr}${c.rng.int(10, 25)}年`,
    body: [
      indented(`${c.company}自成立以来，始终专注于${c.topic.name}领域，累计服务工程项目${c.rng.int(300, 3000)}个。`),
      h3('发展历程'),
      ul(['组建专业技术团队，建立全过程风险管理体系', '参与多项行业标准编制', '打造数字化风控平台，实现风险数据实时监测']),
      indented(`${strong('“专业创造价值，服务成就信任”')}是该公司始终坚持的理念。`),
    ].join(''),
  }),
  (c) => ({
    title: `会员风采｜${c.company}助力${c.city}重大工程建设`,
    body: [indented(`在${c.city}多个重大工程建设中，${c.company}提供了专业的${c.topic.abbr}服务。`), ol(somePoints(c, 3))].join(''),
  }),
];

export const leaderTemplates: ArticleTemplate[] = [
  (c) => {
    const roles = ['会长', '副会长', '副会长', '副会长', '副会长', '秘书长'];
    return {
      title: '协会第三届理事会领导成员名单',
      body: [
        indented('经协会第三届会员代表大会选举产生，协会第三届理事会领导成员如下：'),
        table(
          ['职务', '姓名', '工作单位'],
          someNames(c, roles.length).map((name, i) => [
            roles[i] as string,
            name,
            // The secretary-general works full time for the association; the others lead member firms.
            i === roles.length - 1 ? c.site.name : companyName(brands[i] as string, c.rng.pick(companyKinds)),
          ]),
        ),
      ].join(''),
    };
  },
  (c) => {
    const names = someNames(c, 4);
    const departments = ['综合部', '会员服务部', '培训部', '标准与研究部'];
    return {
      title: '协会秘书处各部门负责人',
      body: [
        indented('协会秘书处为协会常设办事机构，下设四个部门，负责人如下：'),
        table(
          ['部门', '负责人', '主要职责'],
          departments.map((d, i) => [d, names[i] as string, c.rng.pick(['日常事务与对外联络', '会员发展与服务', '培训考核与证书管理', '标准编制与课题研究'])]),
        ),
      ].join(''),
    };
  },
];

export const contributionTemplates: ArticleTemplate[] = [
  (c) => ({
    title: `浅谈${c.topic.name}在${c.rng.pick(projectKinds)}项目中的应用`,
    author: c.company,
    body: [
      p(`作者单位：${c.company}`),
      indented(`本文结合笔者参与的实际项目，介绍${c.topic.name}在项目中的实施情况和取得的效果。`),
      h3('一、项目概况'),
      indented(`项目位于${c.city}，总投资约${c.rng.int(5, 80)}亿元，建设周期${c.rng.int(24, 48)}个月。`),
      h3('二、主要做法'),
      ol(somePoints(c, 3)),
      h3('三、体会与建议'),
      indented('保险机制的引入有效提升了参建各方的风险意识，建议进一步完善风险数据共享机制。'),
    ].join(''),
  }),
  (c) => ({
    title: `${c.topic.abbr}理赔服务的几点体会`,
    author: c.company,
    body: [
      p(`作者单位：${c.company}`),
      indented(`理赔服务是${c.topic.abbr}价值的最终体现。笔者从事理赔工作多年，谈几点体会。`),
      ul(['快速响应是赢得客户信任的前提', '专业查勘是准确定损的基础', '沟通协调是化解纠纷的关键']),
    ].join(''),
  }),
];

export const trainingTemplates: ArticleTemplate[] = [
  (c) => {
    const session = c.serial + 10;
    return {
      title: `关于举办第${session}期工程质量风险管理工程师培训班的通知`,
      body: [
        p('各会员单位、有关单位：'),
        indented(
          `为加强工程质量风险管理专业人才队伍建设，协会定于${c.year}年${Math.min(12, c.month + 1)}月在${c.city}举办第${session}期工程质量风险管理工程师培训班。`,
        ),
        h3('一、培训内容'),
        table(
          ['模块', '课程', '学时'],
          [
            ['政策法规', '工程质量保险相关政策法规', 4],
            ['专业知识', '建筑结构与防水工程常见质量缺陷', 8],
            ['实务操作', '技术风险检查方法与报告编制', 8],
            ['案例分析', '典型质量缺陷理赔案例', 4],
          ],
        ),
        h3('二、考核与证书'),
        indented(`培训结束后进行闭卷考核，${strong('考核合格者颁发“工程质量风险管理工程师”培训证书')}，可在本网站证书查询页面查询。`),
        signed(c),
      ].join(''),
    };
  },
  (c) => ({
    title: `${c.year}年${c.topic.abbr}业务培训班在${c.city}举办`,
    body: [
      indented(`${c.month}月${c.day}日，协会在${c.city}举办${c.year}年${c.topic.abbr}业务培训班，${c.rng.int(80, 260)}名学员参加培训。`),
      ol(somePoints(c, 3)),
      indented('学员普遍反映，培训内容实用性强，对实际工作有很强的指导意义。'),
    ].join(''),
  }),
];

export const examTemplates: ArticleTemplate[] = [
  (c) => {
    const session = c.serial + 10;
    return {
      title: `第${session}期工程质量风险管理工程师考核成绩公告`,
      body: [
        indented(`第${session}期工程质量风险管理工程师培训班考核工作已经结束，共有${c.rng.int(120, 320)}名学员参加考核，合格率${percent(c.rng, 82, 96)}%。`),
        indented(`学员可登录本网站“证书查询”页面，${strong('输入姓名和身份证号或证书编号')}查询成绩，考核合格者可在线下载电子证书。`),
        signed(c),
      ].join(''),
    };
  },
  (c) => ({
    title: `关于${c.year}年工程质量风险管理工程师考核安排的公告`,
    body: [
      indented(`${c.year}年工程质量风险管理工程师考核安排如下：`),
      table(
        ['批次', '考核时间', '考核地点'],
        [
          ['第一批', `${c.year}年4月`, '北京'],
          ['第二批', `${c.year}年7月`, c.city],
          ['第三批', `${c.year}年11月`, c.rng.pick(c.rng.pick(provinces).cities)],
        ],
      ),
      indented('考核采用闭卷笔试方式，满分100分，60分及以上为合格。'),
      signed(c),
    ].join(''),
  }),
];
