/**
 * The 易错词 dictionary's starting list, shipped by migration 066 (features/proofreading). Data
 * only, and frozen with the migration: a later release ships more entries by a migration of its
 * own. Each wrong form is one that never stands inside correct text, so a check finds nothing in
 * a correct article: common ones that do (按装 in 按装修要求, 既使 in 既使企业减负又使职工受益,
 * 关健 in 有关健康) are left to the office, or shipped only in a longer form (关健词). Every
 * form is already as matching reads it (no full-width Latin letters or digits), so it is its
 * own normalised form; 066-wrong-words.test.ts checks all of this.
 */

export interface StartingWrongWord {
  wrong: string;
  right: string;
  severity: 'serious' | 'normal';
}

/** 严重: the state's and the party's names and political terms misspelt, which an inspection fails a site for. */
const serious: [wrong: string, right: string][] = [
  ['中华人民共合国', '中华人民共和国'],
  ['中华人名共和国', '中华人民共和国'],
  ['中国人民共和国', '中华人民共和国'],
  ['中国共产觉', '中国共产党'],
  ['中国共产当', '中国共产党'],
  ['社会主意', '社会主义'],
  ['共产主意', '共产主义'],
  ['马克思主意', '马克思主义'],
  ['马列主意', '马列主义'],
  ['一国两治', '一国两制'],
  ['政治协商会义', '政治协商会议'],
];

/** 一般: idioms and everyday words. */
const normal: [wrong: string, right: string][] = [
  ['再接再励', '再接再厉'],
  ['一股作气', '一鼓作气'],
  ['迫不急待', '迫不及待'],
  ['重蹈复辙', '重蹈覆辙'],
  ['震憾', '震撼'],
  ['一如继往', '一如既往'],
  ['言简意骇', '言简意赅'],
  ['按步就班', '按部就班'],
  ['美仑美奂', '美轮美奂'],
  ['直接了当', '直截了当'],
  ['相辅相承', '相辅相成'],
  ['世外桃园', '世外桃源'],
  ['谈笑风声', '谈笑风生'],
  ['出奇不意', '出其不意'],
  ['走头无路', '走投无路'],
  ['甘败下风', '甘拜下风'],
  ['穿流不息', '川流不息'],
  ['变本加利', '变本加厉'],
  ['不径而走', '不胫而走'],
  ['一愁莫展', '一筹莫展'],
  ['迫在眉捷', '迫在眉睫'],
  ['金壁辉煌', '金碧辉煌'],
  ['默守成规', '墨守成规'],
  ['滥芋充数', '滥竽充数'],
  ['心心相映', '心心相印'],
  ['病入膏盲', '病入膏肓'],
  ['声名雀起', '声名鹊起'],
  ['人才倍出', '人才辈出'],
  ['自抱自弃', '自暴自弃'],
  ['草管人命', '草菅人命'],
  ['明火执杖', '明火执仗'],
  ['一张一驰', '一张一弛'],
  ['趋之若骛', '趋之若鹜'],
  ['鬼计多端', '诡计多端'],
  ['消声匿迹', '销声匿迹'],
  ['黄梁美梦', '黄粱美梦'],
  ['既往不究', '既往不咎'],
  ['举一返三', '举一反三'],
  ['大声急呼', '大声疾呼'],
  ['不落巢臼', '不落窠臼'],
  ['再所难免', '在所难免'],
  ['挺而走险', '铤而走险'],
  ['天翻地复', '天翻地覆'],
  ['义不容词', '义不容辞'],
  ['原形必露', '原形毕露'],
  ['饮鸠止渴', '饮鸩止渴'],
  ['沤心沥血', '呕心沥血'],
  ['情不自尽', '情不自禁'],
  ['无精打彩', '无精打采'],
  ['弱不经风', '弱不禁风'],
  ['恰如其份', '恰如其分'],
  ['针贬时弊', '针砭时弊'],
  ['委屈求全', '委曲求全'],
  ['语无论次', '语无伦次'],
  ['出类拔粹', '出类拔萃'],
  ['兴高彩烈', '兴高采烈'],
  ['好高鹜远', '好高骛远'],
  ['循序渐近', '循序渐进'],
  ['坚苦卓绝', '艰苦卓绝'],
  ['鼎立相助', '鼎力相助'],
  ['如火如茶', '如火如荼'],
  ['有持无恐', '有恃无恐'],
  ['破斧沉舟', '破釜沉舟'],
  ['励行节约', '厉行节约'],
  ['事必恭亲', '事必躬亲'],
  ['发人深醒', '发人深省'],
  ['完壁归赵', '完璧归赵'],
  ['和霭可亲', '和蔼可亲'],
  ['食不裹腹', '食不果腹'],
  ['以身做则', '以身作则'],
  ['不尽人意', '不尽如人意'],
  ['寒喧', '寒暄'],
  ['渲泄', '宣泄'],
  ['追朔', '追溯'],
  ['荟粹', '荟萃'],
  ['蜇伏', '蛰伏'],
  ['入场卷', '入场券'],
  ['优惠卷', '优惠券'],
  ['关健词', '关键词'],
  ['关健在于', '关键在于'],
];

export const startingWrongWords: readonly StartingWrongWord[] = [
  ...serious.map(([wrong, right]) => ({ wrong, right, severity: 'serious' as const })),
  ...normal.map(([wrong, right]) => ({ wrong, right, severity: 'normal' as const })),
];
