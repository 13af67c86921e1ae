import type { SiteInfo } from '../config.js';
import type { Random } from './random.js';
import { brands, companyKinds, companyName, insurerKind, provinces, topics, type Province, type Topic } from './vocabulary.js';

/** What one article is written from: its time, place and subject, picked deterministically. */
export interface ArticleContext {
  rng: Random;
  site: SiteInfo;
  /** CST calendar parts of the publish time. */
  year: number;
  month: number;
  day: number;
  /** e.g. 2024年5月12日 */
  dateText: string;
  /** 1-based chronological position among the articles of the same menu… */
  serial: number;
  /** …and among those of the same calendar year. */
  yearSerial: number;
  topic: Topic;
  province: Province;
  city: string;
  /** A made-up member company of any kind… */
  company: string;
  /** …and a made-up member insurer. */
  insurer: string;
  /** A cover image to place in the body, when the article has one. */
  cover?: string;
}

export interface Article {
  title: string;
  /** HTML body. */
  body: string;
  /** Who wrote it, when not the association's secretariat. */
  author?: string;
}

/** One kind of headline with the body that goes with it. */
export type ArticleTemplate = (c: ArticleContext) => Article;

export interface ContextInput {
  site: SiteInfo;
  publishedAt: string;
  serial: number;
  yearSerial: number;
  cover?: string;
  /** The subjects to write about; all of them unless the menu narrows it. */
  topics?: readonly Topic[];
}

export function articleContext(rng: Random, input: ContextInput): ArticleContext {
  const [year, month, day] = input.publishedAt.slice(0, 10).split('-').map(Number) as [number, number, number];
  const province = rng.pick(provinces);
  return {
    rng,
    site: input.site,
    year,
    month,
    day,
    dateText: `${year}年${month}月${day}日`,
    serial: input.serial,
    yearSerial: input.yearSerial,
    topic: rng.pick(input.topics ?? topics),
    province,
    city: rng.pick(province.cities),
    company: companyName(rng.pick(brands), rng.pick(companyKinds)),
    insurer: companyName(rng.pick(brands), insurerKind),
    cover: input.cover,
  };
}

/** The quarter before the publish date, as reports cover it: e.g. 2024年第一季度. */
export function previousQuarter(c: ArticleContext): { year: number; label: string } {
  const quarter = Math.ceil(c.month / 3) - 1;
  const names = ['第一季度', '上半年', '前三季度', '全年'] as const;
  return quarter === 0 ? { year: c.year - 1, label: names[3] } : { year: c.year, label: names[quarter - 1] as string };
}

/** A percentage with one decimal, e.g. 12.7. */
export const percent = (rng: Random, min: number, max: number): string => (min + rng.next() * (max - min)).toFixed(1);
