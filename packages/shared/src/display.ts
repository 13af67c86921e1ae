import { layoutSizes, type LayoutSize } from './constants.js';

/**
 * How a visitor chose to see the public site: the header's 尺寸 (layout size) and 关怀模式 (care
 * mode, after the MIIT 2021 适老化 rules: larger text, wider lines, high-contrast or inverted
 * colours, a large cursor, a reading line, a simple view). Kept in one cookie so the server draws
 * the page in that look from the first byte, and the page cache keeps one copy per look.
 */
export const DISPLAY_COOKIE = 'display';

/** Care mode's text sizes, in per cent of the site's own. */
export const careTextSizes = [100, 125, 150, 175, 200] as const;
export type CareTextSize = (typeof careTextSizes)[number];
/** Line spacing: the default, wider, widest. */
export const careSpacings = ['normal', 'wide', 'wider'] as const;
export type CareSpacing = (typeof careSpacings)[number];
/** Colour schemes: the site's own, high contrast (yellow on black), inverted. */
export const careSchemes = ['default', 'contrast', 'invert'] as const;
export type CareScheme = (typeof careSchemes)[number];

export interface DisplayPrefs {
  size: LayoutSize;
  care: boolean;
  text: CareTextSize;
  spacing: CareSpacing;
  scheme: CareScheme;
  cursor: boolean;
  guide: boolean;
  /** 简约 view: no carousel, no animation, no pop-ups. */
  simple: boolean;
}

/**
 * The look before any choice. Care mode starts at 150 % text (适老化 practice: the elderly version
 * is large from the first click); a visitor who steps to another size has it written into the
 * cookie (t100 … t200) and keeps it, also across turning care mode off and on again.
 */
export const defaultDisplay: DisplayPrefs = {
  size: 'small',
  care: false,
  text: 150,
  spacing: 'normal',
  scheme: 'default',
  cursor: false,
  guide: false,
  simple: false,
};

/** The cookie's value: short fields separated by dots (z=size c=care t=text s=spacing k=scheme u=cursor g=guide p=simple); anything unknown is ignored. */
export function parseDisplay(value: string | undefined): DisplayPrefs {
  const prefs = { ...defaultDisplay };
  for (const field of (value ?? '').split('.').slice(0, 16)) {
    const [key, v] = [field.slice(0, 1), field.slice(1)];
    if (key === 'z' && (layoutSizes as readonly string[]).includes(v)) prefs.size = v as LayoutSize;
    else if (key === 'c') prefs.care = v === '1';
    else if (key === 't' && (careTextSizes as readonly number[]).includes(Number(v))) prefs.text = Number(v) as CareTextSize;
    else if (key === 's' && (careSpacings as readonly string[]).includes(v)) prefs.spacing = v as CareSpacing;
    else if (key === 'k' && (careSchemes as readonly string[]).includes(v)) prefs.scheme = v as CareScheme;
    else if (key === 'u') prefs.cursor = v === '1';
    else if (key === 'g') prefs.guide = v === '1';
    else if (key === 'p') prefs.simple = v === '1';
  }
  return prefs;
}

const COOKIE = new RegExp(`(?:^|;\\s*)${DISPLAY_COOKIE}=([^;]*)`);

/** The preferences a Cookie header (the server) or document.cookie (the browser) holds; the defaults without the cookie. */
export const displayFromCookies = (cookies: string | undefined): DisplayPrefs => parseDisplay(COOKIE.exec(cookies ?? '')?.[1]);

/** The cookie's value for these preferences; '' for the defaults. Care mode's own settings are kept while it is off, so turning it on again restores them. */
export function serializeDisplay(p: DisplayPrefs): string {
  const fields: string[] = [];
  if (p.size !== defaultDisplay.size) fields.push(`z${p.size}`);
  if (p.care) fields.push('c1');
  if (p.text !== defaultDisplay.text) fields.push(`t${p.text}`);
  if (p.spacing !== defaultDisplay.spacing) fields.push(`s${p.spacing}`);
  if (p.scheme !== defaultDisplay.scheme) fields.push(`k${p.scheme}`);
  if (p.cursor) fields.push('u1');
  if (p.guide) fields.push('g1');
  if (p.simple) fields.push('p1');
  return fields.join('.');
}

/**
 * The classes on <html> that draw the look (public pages only): the layout size, and with care
 * mode on its text size, spacing, scheme, cursor and simple view; `memorial` greys the page.
 * Settings of care mode that is off draw nothing, so they need not split the page cache.
 */
export function displayClasses(p: DisplayPrefs, memorial = false): string[] {
  const classes: string[] = [`size-${p.size}`];
  if (p.care) {
    classes.push('care', `text-${p.text}`, `spacing-${p.spacing}`, `scheme-${p.scheme}`);
    if (p.cursor) classes.push('big-cursor');
    if (p.simple) classes.push('simple');
  }
  if (memorial) classes.push('memorial');
  return classes;
}

/** What of the preferences changes a drawn page: the page cache's key part ('' for the default look). */
export function displayKey(p: DisplayPrefs): string {
  const drawn: DisplayPrefs = p.care ? p : { ...defaultDisplay, size: p.size };
  return serializeDisplay(drawn);
}

/** The <meta> naming today's 哀悼日 scope (1 the home page, 2 every public page), for the pages the browser opens itself. */
export const MEMORIAL_META = 'memorial-scope';

/** Whether a public page is grey under a 哀悼日 scope (0 none, 1 the home page, 2 the whole public site). */
export function isMemorialPage(scope: number, pathname: string): boolean {
  return scope === 2 || (scope === 1 && (pathname.toLowerCase() === '/home' || pathname === '/'));
}
