import { percent, previousQuarter, type ArticleContext, type ArticleTemplate } from './context.js';
import { feeTable, h3, image, indented, ol, p, signature, strong, table, ul } from './html.js';
import { authorities, insuranceLines, ordinal, personNames, projectKinds, provinces } from './vocabulary.js';

/** Headlines and bodies of the 新闻中心 lists: policy, notices, association and member news. */

/** Some of a topic's points, in a random order. */
const somePoints = (c: ArticleContext, n: number) => c.rng.shuffle(c.topic.points).slice(0, n);
/** The cover image after the lead paragraph, when the article has one. */
const coverFigure = (c: ArticleContext) => (c.cover ? image(c.cover) : '');
const meetingDate = (c: ArticleContext) => `${c.month}月${c.day}日`;

export const policyTemplates: ArticleTemplate[] = [
  (c) => {
    const authority = c.rng.pick(authorities);
    const [verb, aim] = c.rng.pick([
      ['推进', '试点工作'],
      ['深化', '制度改革'],
      ['推动', '高质量发展'],
      ['加强', '监督管理'],
      ['加快推进', '制度建设'],
    ] as const);
    const doc = `关于${verb}${c.topic.name}${aim}的通知`;
    return {
      title: `${authority}办公厅印发《${doc}》`,
      body: [
        indented(`近日，${authority}办公厅印发《${doc}》（以下简称《通知》），对${c.topic.name}${aim}作出部署，要求各地结合实际抓好落实。`),
        coverFigure(c),
        h3('一、总体要求'),
        indented(
          `《通知》指出，要坚持以人民为中心的发展思想，${strong(`把${c.topic.abbr}作为防范化解工程建设风险的重要手段`)}，发挥保险的风险保障和社会治理功能，到${c.year + 2}年基本建立与工程建设管理相适应的制度体系。`,
        ),
        h3('二、重点任务'),
        ol(somePoints(c, 4)),
        h3('三、保障措施'),
        indented(
          '《通知》要求，各地住房城乡建设主管部门要会同金融监管部门加强组织领导，建立工作协调机制，及时总结推广典型经验；行业协会要发挥桥梁纽带作用，做好政策宣贯和行业自律工作。',
        ),
        indented('《通知》自印发之日起施行。'),
      ].join(''),
    };
  },
  (c) => {
    const docType = c.rng.pick(['指导意见', '实施意见']);
    const doc = `关于加快发展${c.topic.name}的${docType}`;
    return {
      title: `住房和城乡建设部 国家金融监督管理总局联合印发《${doc}》`,
      body: [
        indented(`为贯彻落实党中央、国务院关于防范化解重大风险的决策部署，住房和城乡建设部、国家金融监督管理总局近日联合印发《${doc}》（以下简称《意见》）。`),
        indented(`《意见》明确，${strong(`到${c.year + 3}年，${c.topic.abbr}覆盖面显著扩大`)}，保险产品和服务更加丰富，风险管理能力明显增强。`),
        h3('主要内容'),
        ul(somePoints(c, 4)),
        h3('职责分工'),
        table(
          ['部门', '主要职责'],
          [
            ['住房和城乡建设部门', '将投保情况纳入工程建设监管，推动信息共享'],
            ['金融监管部门', '规范保险产品和费率，加强对保险机构的监管'],
            ['行业协会', '制定团体标准，开展培训和自律管理'],
          ],
        ),
        indented('《意见》要求，各地要在年内出台具体实施方案，并定期报送工作进展情况。'),
      ].join(''),
    };
  },
  (c) => {
    const doc = `${c.province.short}${c.topic.name}实施细则`;
    const cities = c.rng.shuffle(c.province.cities).slice(0, 3);
    return {
      title: `${c.province.authority}印发《${doc}》`,
      body: [
        indented(`${c.dateText}，${c.province.authority}印发《${doc}》（以下简称《细则》），自${c.year}年${c.month === 12 ? 1 : c.month + 1}月1日起施行。`),
        indented(`《细则》共${c.rng.int(5, 8)}章${c.rng.int(28, 46)}条，对投保范围、保险责任、风险管理、理赔服务和监督管理等作出规定。`),
        h3('实施范围'),
        table(
          ['地区', '适用工程', '启动时间'],
          cities.map((city, i) => [city, i === 0 ? '新建住宅工程' : c.rng.pick(projectKinds), `${c.year}年${Math.min(12, c.month + i + 1)}月`]),
        ),
        h3('主要亮点'),
        ol(somePoints(c, 3)),
        indented(`${c.province.authority}有关负责同志表示，将加强对各地实施情况的督促指导，确保《细则》落地见效。`),
      ].join(''),
    };
  },
  (c) => {
    const doc = c.rng.pick(['管理办法', '指导意见', '实施细则']);
    const questions = ['为什么要推行这项制度？', '哪些工程需要投保？', '保险责任范围包括哪些内容？', '风险管理机构如何开展工作？'];
    return {
      title: `政策解读：${c.topic.name}${doc}${c.rng.pick(['要点解读', '热点问答', '常见问题解答'])}`,
      body: [
        indented(`${c.topic.name}${doc}发布以来，社会各界高度关注。我们梳理了会员单位反映较多的问题，邀请专家进行解读。`),
        ...questions.flatMap((q, i) => [p(strong(`问${ordinal(i + 1)}：${q}`)), indented(`答：${c.topic.points[i % c.topic.points.length]}。`)]),
        indented('更多问题可通过协会秘书处咨询，我们将持续更新解读内容。'),
      ].join(''),
    };
  },
  (c) => {
    const projects = c.rng.int(120, 980);
    return {
      title: `${c.city}全面推行${c.topic.name}制度`,
      body: [
        indented(
          `记者从${c.province.authority}获悉，${c.city}自${c.year}年起全面推行${c.topic.name}制度，截至目前已有${strong(`${projects}个项目`)}完成投保。`,
        ),
        coverFigure(c),
        indented(`据介绍，${c.city}将${c.topic.abbr}与工程建设审批、质量安全监督相衔接，形成了“政府引导、市场运作、专业管理”的工作格局。`),
        ul(somePoints(c, 3)),
        indented(`下一步，${c.city}将进一步扩大实施范围，完善配套政策，推动${c.topic.abbr}提质扩面。`),
      ].join(''),
    };
  },
  (c) => {
    const authority = c.rng.pick(authorities);
    return {
      title: `${authority}召开${c.topic.abbr}工作推进会`,
      body: [
        indented(
          `${meetingDate(c)}，${authority}在北京召开${c.topic.abbr}工作推进会，总结近年来工作成效，部署下一阶段重点任务。${c.province.short}、${c.rng.pick(provinces).short}等地作交流发言。`,
        ),
        indented(
          `会议指出，${c.topic.abbr}在化解工程质量安全风险、保障人民群众合法权益方面发挥了积极作用，但仍存在${strong('覆盖面不广、服务能力不强、数据共享不足')}等问题。`,
        ),
        h3('下一阶段重点工作'),
        ol(somePoints(c, 4)),
        indented('会议要求，各地要提高思想认识，压实工作责任，加强部门协同，推动各项任务落地见效。'),
      ].join(''),
    };
  },
];

/** Formal notices signed by the association. */
const notice = (c: ArticleContext, parts: string[]) =>
  [p('各会员单位、有关单位：'), ...parts, indented('特此通知。'), signature(c.site.name, c.dateText)].join('');

const contact = (c: ArticleContext) => indented(`联系人：协会秘书处\u3000电话：${c.site.phone}\u3000邮箱：${c.site.email}`);

export const noticeTemplates: ArticleTemplate[] = [
  (c) => {
    const course = c.rng.pick(['实务培训班', '专题研修班', '高级研修班']);
    const start = Math.min(28, c.day + 14);
    return {
      title: `关于举办${c.year}年${c.topic.abbr}${course}的通知`,
      body: notice(c, [
        indented(
          `为提升会员单位从业人员的专业能力，协会定于${c.year}年${c.month}月${start}日至${start + 2}日在${c.city}举办${c.topic.abbr}${course}。现将有关事项通知如下：`,
        ),
        h3('一、培训内容'),
        table(
          ['日期', '时间', '课程内容'],
          [
            [`${c.month}月${start}日`, '09:00-12:00', `${c.topic.name}政策解读`],
            [`${c.month}月${start}日`, '14:00-17:00', '风险识别与技术风险检查实务'],
            [`${c.month}月${start + 1}日`, '09:00-12:00', '典型案例分析与理赔实务'],
            [`${c.month}月${start + 1}日`, '14:00-16:30', '交流研讨与结业测试'],
          ],
        ),
        h3('二、参加对象'),
        indented('会员单位分管负责人、业务骨干，以及从事工程保险、风险管理工作的相关人员。'),
        h3('三、报名方式'),
        indented(`请于${c.month}月${Math.min(28, c.day + 10)}日前将报名回执发送至协会邮箱，${strong('名额有限，额满为止')}。`),
        contact(c),
      ]),
    };
  },
  (c) => ({
    title: `关于召开协会${c.year}年会员大会暨年会的通知`,
    body: notice(c, [
      indented(`经协会理事会研究，定于${c.year}年${Math.min(12, c.month + 1)}月在${c.city}召开协会${c.year}年会员大会暨年会。现将有关事项通知如下：`),
      h3('一、会议主要议程'),
      ol(['审议协会年度工作报告和财务报告', '审议修订协会章程的议案', '表彰年度优秀会员单位', `举办“${c.topic.abbr}创新发展”主题论坛`]),
      h3('二、参会人员'),
      indented('各会员单位主要负责人或委派代表一名，特邀嘉宾另行通知。'),
      h3('三、其他事项'),
      indented('参会食宿统一安排，费用自理。请各单位于会前十五日完成线上报名。'),
      contact(c),
    ]),
  }),
  (c) => ({
    title: `关于征集${c.year}年度${c.topic.abbr}优秀案例的通知`,
    body: notice(c, [
      indented(`为总结推广${c.topic.name}的先进经验，协会决定开展${c.year}年度优秀案例征集活动。`),
      h3('一、征集范围'),
      ul(['保险产品和服务模式创新案例', '风险管理和技术风险检查典型案例', '理赔服务和纠纷化解案例', '数字化风控平台建设案例']),
      h3('二、报送要求'),
      indented(`案例材料应真实准确，字数控制在5000字以内，${strong(`报送截止时间为${c.year}年${Math.min(12, c.month + 2)}月底`)}。`),
      contact(c),
    ]),
  }),
  (c) => ({
    title: `关于开展${c.year}年度会员信息更新工作的通知`,
    body: notice(c, [
      indented('为做好会员服务工作，协会将开展会员信息更新工作，请各会员单位登录会员中心核对并完善单位信息。'),
      ol(['登录门户网站会员中心，进入个人信息页面', '核对单位名称、联系人、联系电话等信息', '信息有变化的，上传相关证明材料并提交']),
      indented(`请于${c.year}年${Math.min(12, c.month + 1)}月底前完成更新。`),
      contact(c),
    ]),
  }),
  (c) => {
    const standard = `${c.topic.name}${c.rng.pick(['技术风险检查标准', '服务规范', '风险评估导则', '数据交换标准'])}`;
    const code = `T/CPIRMA ${String(c.serial).padStart(3, '0')}-${c.year}`;
    return {
      title: `关于发布团体标准《${standard}》的公告`,
      body: [
        indented(
          `根据协会团体标准管理办法，经专家审查，批准《${standard}》为协会团体标准，编号为${strong(code)}，自${c.year}年${Math.min(12, c.month + 1)}月1日起实施。`,
        ),
        indented('本标准由协会标准化工作委员会负责管理，主编单位负责具体技术内容的解释。'),
        table(['标准名称', '标准编号', '实施日期'], [[standard, code, `${c.year}-${String(Math.min(12, c.month + 1)).padStart(2, '0')}-01`]]),
        indented('欢迎各有关单位在执行过程中提出意见和建议。'),
        signature(c.site.name, c.dateText),
      ].join(''),
    };
  },
  (c) => ({
    title: `关于缴纳${c.year}年度会费的通知`,
    body: notice(c, [
      indented('根据协会章程和会员大会审议通过的会费标准，现将年度会费缴纳有关事项通知如下：'),
      feeTable(),
      indented(`请于${c.year}年${Math.min(12, c.month + 2)}月底前通过银行转账缴纳，${strong('汇款时请注明单位名称及“会费”字样')}。`),
      contact(c),
    ]),
  }),
  (c) => {
    const standard = `${c.topic.name}${c.rng.pick(['服务规范', '风险评估导则', '信息数据标准'])}`;
    return {
      title: `关于征求《${standard}》（征求意见稿）意见的通知`,
      body: notice(c, [
        indented(`协会组织编制的团体标准《${standard}》已形成征求意见稿，现公开征求意见。`),
        indented(`请于${c.year}年${Math.min(12, c.month + 1)}月${Math.min(28, c.day)}日前将意见反馈至协会秘书处，逾期未反馈视为无意见。`),
        contact(c),
      ]),
    };
  },
];

export const activityTemplates: ArticleTemplate[] = [
  (c) => ({
    title: `协会${c.year}年年会在${c.city}召开`,
    body: [
      indented(
        `${meetingDate(c)}，${c.site.name}${c.year}年年会在${c.city}召开。来自保险机构、建设单位、风险管理机构等会员单位的代表${c.rng.int(260, 520)}余人参加会议。`,
      ),
      coverFigure(c),
      indented(
        `会议审议通过了协会年度工作报告，表彰了${c.rng.int(20, 48)}家优秀会员单位。会长在讲话中指出，${strong(`要围绕${c.topic.abbr}提质扩面这一主线`)}，推动行业从“事后补偿”向“事前预防”转变。`,
      ),
      h3('主题论坛'),
      indented(`年会同期举办了“${c.topic.abbr}与工程质量提升”主题论坛，与会嘉宾围绕以下议题开展了深入交流：`),
      ul(somePoints(c, 3)),
      indented('年会在热烈的气氛中圆满闭幕。'),
    ].join(''),
  }),
  (c) => ({
    title: `协会召开${c.topic.abbr}专题研讨会`,
    body: [
      indented(`${meetingDate(c)}，协会在北京召开${c.topic.abbr}专题研讨会，来自${c.rng.int(12, 30)}家会员单位的专家参加研讨。`),
      coverFigure(c),
      indented('与会专家结合工作实际，就制度设计、产品创新、风险管理和理赔服务等问题进行了深入交流，提出了许多有价值的意见建议。'),
      ol(somePoints(c, 3)),
      indented('协会将认真梳理研讨成果，形成专题报告报送有关主管部门。'),
    ].join(''),
  }),
  (c) => ({
    title: `协会赴${c.city}开展${c.topic.abbr}专题调研`,
    body: [
      indented(
        `${meetingDate(c)}，协会调研组赴${c.city}开展${c.topic.abbr}专题调研，实地察看了${c.rng.pick(projectKinds)}项目，并与当地主管部门和企业代表座谈。`,
      ),
      coverFigure(c),
      indented(`调研组认为，${c.city}在${c.topic.abbr}推广中形成了可复制、可推广的经验，${strong('值得在全国范围内总结推广')}。`),
      h3('座谈中反映的主要问题'),
      ul(['部分项目投保意识不强，保险作用未充分发挥', '风险管理机构专业人员不足', '数据共享机制有待完善']),
    ].join(''),
  }),
  (c) => {
    const council = ordinal(3);
    return {
      title: `协会第${council}届理事会第${ordinal(c.yearSerial + 1)}次会议顺利召开`,
      body: [
        indented(
          `${meetingDate(c)}，协会第${council}届理事会第${ordinal(c.yearSerial + 1)}次会议以“线上+线下”方式召开，应到理事${c.rng.int(60, 80)}名，实到理事超过三分之二，符合章程规定。`,
        ),
        indented('会议审议通过了以下事项：'),
        ol(['协会上半年工作总结及下半年工作安排', '吸收新会员单位的议案', '调整部分分支机构负责人的议案']),
        indented(`会议强调，要${strong('坚持服务会员、服务行业、服务政府')}，不断提升协会的影响力和凝聚力。`),
      ].join(''),
    };
  },
  (c) => {
    const partner = `${c.province.name}建设工程质量安全协会`;
    return {
      title: `协会与${partner}签署战略合作协议`,
      body: [
        indented(`${meetingDate(c)}，协会与${partner}在${c.city}签署战略合作协议。双方将在${c.topic.abbr}推广、人才培训、标准编制等方面开展全面合作。`),
        coverFigure(c),
        ul(['共同开展政策研究和课题攻关', '联合举办培训班和专题研讨会', '推动会员单位之间的业务交流与合作']),
      ].join(''),
    };
  },
  (c) => ({
    title: `协会举办“${c.topic.abbr}”线上公益讲座`,
    body: [
      indented(`${meetingDate(c)}，协会举办“${c.topic.abbr}”线上公益讲座，${c.rng.int(1200, 6800)}人次在线收看。`),
      indented(`主讲专家${c.rng.pick(personNames)}系统讲解了${c.topic.name}的制度框架和实践要点，并现场解答了听众提问。`),
      ol(somePoints(c, 3)),
    ].join(''),
  }),
];

export const memberNewsTemplates: ArticleTemplate[] = [
  (c) => {
    const line = c.rng.pick(insuranceLines);
    return {
      title: `${c.insurer}签发${c.city}首单${line.name}保单`,
      body: [
        indented(
          `近日，会员单位${c.insurer}在${c.city}成功签发首单${line.name}保单，为当地一个${c.rng.pick(projectKinds)}项目提供风险保障${c.rng.int(2, 30)}亿元。`,
        ),
        coverFigure(c),
        indented(`该公司负责人表示，将${strong('坚持“保险+服务”模式')}，联合专业风险管理机构为项目提供全过程风险管理服务。`),
      ].join(''),
    };
  },
  (c) => ({
    title: `${c.company}开展${c.topic.abbr}专题培训`,
    body: [
      indented(`${meetingDate(c)}，${c.company}组织开展${c.topic.abbr}专题培训，公司业务、技术和理赔条线${c.rng.int(60, 200)}余名员工参加。`),
      ul(somePoints(c, 3)),
      indented('通过培训，参训人员进一步提高了业务能力和风险意识。'),
    ].join(''),
  }),
  (c) => {
    const award = c.rng.pick(['优秀风险管理机构', '保险服务创新奖', '优秀会员单位']);
    return {
      title: `${c.company}荣获“${c.year}年度${award}”称号`,
      body: [
        indented(`近日，${c.company}荣获“${c.year}年度${award}”称号。`),
        coverFigure(c),
        indented(`近年来，该公司深耕${c.topic.abbr}领域，累计服务项目${c.rng.int(80, 600)}个，${strong('客户满意度持续位居行业前列')}。`),
      ].join(''),
    };
  },
  (c) => {
    const project = `${c.city}${c.rng.pick(projectKinds)}项目`;
    const line = c.rng.pick(insuranceLines);
    return {
      title: `${c.insurer}为${project}提供${line.name}保障`,
      body: [
        indented(`近日，${c.insurer}与${project}建设单位签订保险合同，提供${line.name}保障。`),
        indented(`项目总建筑面积约${c.rng.int(8, 60)}万平方米，公司将委派专业团队驻场开展风险管理服务。`),
      ].join(''),
    };
  },
];

export const localNewsTemplates: ArticleTemplate[] = [
  (c) => ({
    title: `${c.province.name}建设工程质量安全协会召开${c.topic.abbr}工作交流会`,
    body: [
      indented(`${meetingDate(c)}，${c.province.name}建设工程质量安全协会在${c.city}召开${c.topic.abbr}工作交流会，省内各地市行业协会代表参加会议。`),
      coverFigure(c),
      indented('会议交流了各地推进工作的做法和成效，研究部署了下一阶段工作。'),
      ul(somePoints(c, 2)),
    ].join(''),
  }),
  (c) => ({
    title: `${c.city}市建筑业协会组织会员单位赴外地学习交流`,
    body: [
      indented(`${meetingDate(c)}，${c.city}市建筑业协会组织${c.rng.int(15, 40)}家会员单位赴${c.rng.pick(provinces).short}学习交流${c.topic.abbr}工作经验。`),
      indented('交流团实地参观了在建项目，听取了当地风险管理工作介绍，并就共同关心的问题进行了座谈。'),
    ].join(''),
  }),
  (c) => ({
    title: `${c.province.short}举办${c.topic.abbr}政策宣贯会`,
    body: [
      indented(
        `${meetingDate(c)}，${c.province.authority}指导、${c.province.short}相关行业协会主办的${c.topic.abbr}政策宣贯会在${c.city}举行，${c.rng.int(200, 600)}余人参加。`,
      ),
      h3('宣贯重点'),
      ol(somePoints(c, 3)),
    ].join(''),
  }),
];

export const industryTemplates: ArticleTemplate[] = [
  (c) => {
    const { year, label } = previousQuarter(c);
    const growth = percent(c.rng, 6, 28);
    const regions = c.rng.shuffle(provinces).slice(0, 5);
    return {
      title: `${year}年${label}${c.topic.abbr}保费收入同比增长${growth}%`,
      body: [
        indented(
          `据行业统计，${year}年${label}，全国${c.topic.name}实现保费收入${c.rng.int(20, 160)}.${c.rng.int(1, 9)}亿元，${strong(`同比增长${growth}%`)}，承保项目数量和保障金额同步增长。`,
        ),
        h3('部分地区业务情况'),
        table(
          ['地区', '承保项目（个）', '保费收入（亿元）', '同比增长'],
          regions.map((r) => [r.short, c.rng.int(150, 2400), `${c.rng.int(1, 18)}.${c.rng.int(0, 9)}`, `${percent(c.rng, -3, 35)}%`]),
        ),
        indented('业内人士认为，随着政策体系逐步完善，相关业务将保持较快增长。'),
      ].join(''),
    };
  },
  (c) => ({
    title: `${c.city}${c.topic.abbr}覆盖面持续扩大`,
    body: [
      indented(`${c.city}${c.topic.abbr}覆盖面持续扩大，累计承保项目超过${c.rng.int(3, 20) * 100}个，为工程建设提供风险保障超过${c.rng.int(100, 900)}亿元。`),
      coverFigure(c),
      ul(somePoints(c, 3)),
    ].join(''),
  }),
  (c) => ({
    title: `专家：${c.topic.abbr}要从“保事后”向“防事前”转变`,
    body: [
      indented(`在近日举行的一场行业论坛上，多位专家表示，${c.topic.abbr}的价值不仅在于事后赔付，${strong('更在于事前的风险预防')}。`),
      indented(`专家建议，保险机构应加大风险管理投入，与风险管理机构形成合力，把风险管理贯穿工程建设全过程。`),
      ol(somePoints(c, 3)),
    ].join(''),
  }),
  (c) => ({
    title: `${c.province.short}上线${c.topic.abbr}信息管理平台`,
    body: [
      indented(`近日，${c.province.short}${c.topic.abbr}信息管理平台正式上线运行，实现了投保、风险检查、理赔等环节的全流程线上办理。`),
      coverFigure(c),
      indented('平台与工程建设项目审批管理系统互联互通，投保信息自动推送至质量安全监督部门。'),
    ].join(''),
  }),
  (c) => ({
    title: `数字化赋能工程风险管理：${c.city}试点智慧工地风险监测`,
    body: [
      indented(
        `${c.city}在${c.rng.int(20, 80)}个在建项目开展智慧工地风险监测试点，通过传感器和视频监控实时采集深基坑、高支模、起重机械等危险性较大工程的运行数据。`,
      ),
      table(
        ['监测对象', '监测指标', '预警方式'],
        [
          ['深基坑', '支护结构位移、地下水位', '短信、平台推送'],
          ['高支模', '立杆轴力、模板沉降', '现场声光报警'],
          ['塔式起重机', '力矩、风速、回转角度', '司机室报警'],
        ],
      ),
      indented('试点项目的风险隐患整改率明显提升，保险机构据此开展差别化定价。'),
    ].join(''),
  }),
];
