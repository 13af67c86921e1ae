/**
 * Who a hit comes from, as the statistics may know it: the kind of device and browser, whether
 * it is a robot, where it was sent from. Read off the request's headers alone; nothing here is
 * stored about a person (the visitor hash is made from the day's salt, salts.ts).
 */

export type Device = 'desktop' | 'mobile' | 'tablet';

export const deviceNames: Record<Device, string> = { desktop: '电脑', mobile: '手机', tablet: '平板' };

export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|HarmonyOS|OpenHarmony/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * The browsers Chinese visitors use, the in-app ones first (WeChat's and QQ's carry a Chrome or
 * Safari token too), then the engines' own names. Order matters: Edge and Opera say Chrome,
 * Chrome says Safari.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger/i, '微信'],
  [/\bQQ\/|MQQBrowser/i, 'QQ浏览器'],
  [/DingTalk/i, '钉钉'],
  [/UCBrowser|UCWEB/i, 'UC浏览器'],
  [/Quark/i, '夸克'],
  [/baiduboxapp|BIDUBrowser|baidubrowser/i, '百度'],
  [/360SE|360EE|QihooBrowser|QHBrowser/i, '360浏览器'],
  [/SogouMobileBrowser|MetaSr|SE 2\.X/i, '搜狗浏览器'],
  [/HuaweiBrowser/i, '华为浏览器'],
  [/MiuiBrowser/i, '小米浏览器'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/Chrome|CriOS/, 'Chrome'],
  [/Safari/, 'Safari'],
];

export function browserOf(userAgent: string): string {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '其他';
}

/** Search engines' and well-known crawlers' own robots, by name; then anything that says it is one. */
const ROBOTS: ReadonlyArray<[RegExp, string]> = [
  [/Baiduspider/i, '百度蜘蛛'],
  [/Sogou/i, '搜狗蜘蛛'],
  [/360Spider|HaosouSpider/i, '360蜘蛛'],
  [/YisouSpider/i, '神马蜘蛛'],
  [/Bytespider/i, '头条蜘蛛'],
  [/PetalBot/i, '花瓣蜘蛛'],
  [/bingbot|BingPreview/i, '必应蜘蛛'],
  [/Googlebot|Google-InspectionTool|AdsBot-Google/i, '谷歌蜘蛛'],
  [/YandexBot/i, 'Yandex'],
  [/Applebot/i, 'Applebot'],
  [
    /bot\b|bot\/|spider|crawl|slurp|scrapy|headless|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python|java\/|go-http|okhttp|axios\/|node-fetch|undici|httpclient|libwww|feed|preview/i,
    '其他机器人',
  ],
];

/**
 * The robot a user agent names, or undefined for a person's browser. Every browser's user agent
 * begins with Mozilla/ (or an old Opera's with Opera/): anything else, or none, is a program.
 */
export function robotOf(userAgent: string): string | undefined {
  const named = ROBOTS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return named ?? (/^(Mozilla|Opera)\//.test(userAgent) ? undefined : '其他机器人');
}

/**
 * A person's browser does not ask for more than this many pages in a minute; a visitor who does
 * is a program, counted apart for the rest of the day under 高频访问.
 */
export const HUMAN_PAGES_PER_MINUTE = 60;
export const RAPID_ROBOT = '高频访问';
