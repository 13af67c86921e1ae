import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';
import { stripHtml } from './plain-text.js';

/**
 * The allow-list every rich-text body passes before it is stored: articles from
 * the back office and members' contributions alike. It keeps what the TinyMCE editor of the
 * spec produces (plugins link, image, media, advlist, lineheight, indent2em, table, hr, lists)
 * and drops everything that could run script or reach outside the page: scripts, event
 * handlers, javascript:/vbscript:/data: addresses, <style>, forms, objects, embeds, SVG/MathML,
 * CSS expressions and url(). Iframes are refused whatever their host: the site's CSP allows
 * no foreign frames, and video is uploaded (media ≤ 300 MB) rather than embedded.
 */

const length = String.raw`-?(?:\d+|\d*\.\d+)(?:px|pt|em|rem|%|cm|mm|ex|ch|vw|vh)?`;
const color = String.raw`#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*(?:,\s*[\d.]+%?\s*){2,3}\)|hsla?\(\s*[\d.]+(?:deg)?\s*(?:,\s*[\d.]+%?\s*){2,3}\)|[a-z]+`;
const borderStyle = 'none|hidden|dotted|dashed|solid|double|groove|ridge|inset|outset';
const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'i');
/** One to four space-separated parts (border: 1px solid #000; padding: 0 4px). */
const parts = (pattern: string) => new RegExp(`^(?:${pattern})(?:\\s+(?:${pattern})){0,3}$`, 'i');

/** A font name, bare or quoted (Chinese names included); quotes must pair up. */
const fontName = String.raw`'[\p{L}\p{N} _-]+'|"[\p{L}\p{N} _-]+"|[\p{L}\p{N} _-]+`;

const lengthValue = whole(`${length}|auto|0`);
const colorValue = whole(color);
const borderValue = parts(`${length}|${borderStyle}|${color}|thin|medium|thick`);

/**
 * CSS properties kept in style attributes, each with the whole-value pattern it must match.
 * No pattern admits a backslash, a slash, a colon or a parenthesis other than a colour
 * function's, so escapes, comments, url(), expression() and javascript: cannot pass.
 */
const allowedStyles: Record<string, RegExp> = {
  'text-align': whole('left|right|center|justify|start|end'),
  'text-indent': lengthValue,
  'line-height': whole(`normal|${length}`),
  'font-size': whole(`${length}|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger`),
  'font-family': new RegExp(`^(?:${fontName})(?:\\s*,\\s*(?:${fontName}))*$`, 'u'),
  'font-weight': whole('normal|bold|bolder|lighter|[1-9]00'),
  'font-style': whole('normal|italic|oblique'),
  'text-decoration': parts('none|underline|line-through|overline'),
  color: colorValue,
  'background-color': colorValue,
  'padding-left': lengthValue,
  'margin-left': lengthValue,
  'margin-right': lengthValue,
  width: lengthValue,
  height: lengthValue,
  'max-width': lengthValue,
  border: borderValue,
  'border-width': parts(`${length}|thin|medium|thick`),
  'border-style': parts(borderStyle),
  'border-color': parts(color),
  'border-top': borderValue,
  'border-right': borderValue,
  'border-bottom': borderValue,
  'border-left': borderValue,
  'border-collapse': whole('collapse|separate'),
  'border-spacing': parts(length),
  'vertical-align': whole(`baseline|sub|super|text-top|text-bottom|middle|top|bottom|${length}`),
  float: whole('left|right|none'),
  display: whole('block|inline|inline-block|table'),
  'list-style-type': whole('disc|circle|square|decimal|lower-alpha|upper-alpha|lower-roman|upper-roman|lower-greek|none'),
};

/**
 * The kept declarations of a style attribute, written as TinyMCE writes them
 * (`text-align: center; line-height: 1.5;`), so an unchanged body stays byte-identical.
 * A value that does not match its property's pattern is dropped whole.
 */
export function cleanStyle(style: string): string {
  return style
    .split(';')
    .flatMap((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return [];
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return allowedStyles[property]?.test(value) ? [`${property}: ${value};`] : [];
    })
    .join(' ');
}

const blockAlign = ['style', 'align'];
const cellAttributes = ['style', 'align', 'valign', 'colspan', 'rowspan', 'width', 'height'];
const media = ['controls', 'src', 'poster', 'width', 'height', 'style', 'preload', 'loop', 'muted'];
const webOnly = ['http', 'https'];

const options: IOptions = {
  allowedTags: [
    ...['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr', 'br', 'figure', 'figcaption'],
    ...['span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'code', 'a'],
    ...['ul', 'ol', 'li'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
    ...['img', 'video', 'audio', 'source'],
  ],
  allowedAttributes: {
    '*': ['style', 'title', 'dir', 'lang'],
    ...Object.fromEntries(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, blockAlign])),
    a: ['href', 'rel', 'target'],
    ol: ['start', 'type', 'reversed'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'height', 'align'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    tr: ['height', 'align', 'valign'],
    td: cellAttributes,
    th: [...cellAttributes, 'scope'],
    img: ['src', 'alt', 'width', 'height', 'align'],
    video: media,
    audio: media,
    source: ['src', 'type'],
  },
  allowedSchemes: [...webOnly, 'mailto', 'tel'],
  // Pictures and media come from uploads or the web, never from data: or other schemes.
  allowedSchemesByTag: { img: webOnly, video: webOnly, audio: webOnly, source: webOnly },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: true,
  // Void elements among the allowed tags: written without a closing tag.
  selfClosing: ['img', 'br', 'hr', 'col', 'source'],
  // Styles are filtered by cleanStyle (which keeps TinyMCE's spelling) in transformTags.
  parseStyleAttributes: false,
  // The contents of these go with them, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template', 'noembed', 'noframes', 'xmp'],
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: withCleanStyle(attribs) }),
    a: (tagName, attribs) => ({ tagName, attribs: safeLinkTarget(attribs) }),
  },
  // An image whose address was refused is an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const linkTargets = ['_blank', '_self', '_parent', '_top'];

/**
 * A link may open in a new tab or a frame of the page, not in a named window; one opening a
 * new tab must not hand the article page to its target (TinyMCE adds the rel itself too).
 */
function safeLinkTarget(attribs: Attributes): Attributes {
  const { target, ...rest } = attribs;
  if (target === undefined || !linkTargets.includes(target)) return rest;
  if (target !== '_blank' || /\bnoopener\b/i.test(attribs.rel ?? '')) return attribs;
  return { ...attribs, rel: `${attribs.rel ?? ''} noopener`.trim() };
}

/** The attributes with the style cleaned in its place (attribute order is kept), or gone when nothing is left of it. */
function withCleanStyle(attribs: Attributes): Attributes {
  if (attribs.style === undefined) return attribs;
  const style = cleanStyle(attribs.style);
  if (style) return { ...attribs, style };
  const { style: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * The safe form of a rich-text body. Void elements are written HTML5-style (`<br>`, as
 * TinyMCE does) and non-breaking spaces as `&nbsp;`: both are pure spelling (sanitised
 * output has no other `' />'`: every `>` in text or attributes is escaped).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).replaceAll(' />', '>').replaceAll('\u00a0', '&nbsp;');
}

/** What an article row stores for a body: the sanitised HTML and its plain text (news.body_text, for search). */
export function cleanArticleBody(html: string): { content: string; bodyText: string } {
  const content = sanitizeRichText(html);
  return { content, bodyText: stripHtml(content) };
}
