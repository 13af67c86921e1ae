/**
 * Finds listed words in a text in one pass (Aho–Corasick), however many words are listed.
 * Matching ignores the difference between full- and half-width forms (Ａ = A, １ = 1,
 * full-width space = space) and the case of Latin letters. Both foldings map one UTF-16 unit
 * to one, so positions in the folded text are positions in the original.
 *
 * For HTML (an article body), tags are skipped and entities read as the character they stand
 * for, so `敏<b>感</b>词` holds 敏感词; `markHtml` wraps each occurrence in `<mark>`, one
 * element per stretch of text between tags, leaving the markup otherwise as it was.
 */

/** Folds one UTF-16 unit: full-width ASCII forms to ASCII, Latin capitals to small letters. */
function fold(unit: number): number {
  if (unit >= 0xff01 && unit <= 0xff5e) unit -= 0xfee0;
  else if (unit === 0x3000) unit = 0x20;
  if (unit >= 0x41 && unit <= 0x5a) unit += 0x20;
  return unit;
}

/** A word as matching sees it: trimmed and folded. Two words with the same form are one. */
export function normaliseWord(word: string): string {
  return foldText(word.trim());
}

function foldText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(fold(text.charCodeAt(i)));
  return out;
}

export interface Match {
  /** The listed word (as listed). */
  word: string;
  /** Offsets in the text searched, end exclusive. */
  start: number;
  end: number;
}

interface Node {
  next: Map<number, number>;
  fail: number;
  /** Indexes of the words ending here, including those reached through fail links. */
  output: number[];
  depth: number;
}

export interface Matcher {
  readonly size: number;
  /** Every occurrence of every word, overlapping ones included, in order of their end. */
  find(text: string): Match[];
}

export function buildMatcher(words: readonly string[]): Matcher {
  const byForm = new Map<string, string>();
  for (const word of words) if (word.trim() && !byForm.has(normaliseWord(word))) byForm.set(normaliseWord(word), word.trim());
  const listed = [...byForm.values()];
  const nodes: Node[] = [{ next: new Map(), fail: 0, output: [], depth: 0 }];
  listed.forEach((word, index) => {
    let at = 0;
    for (let i = 0; i < word.length; i++) {
      const unit = fold(word.charCodeAt(i));
      let child = nodes[at]!.next.get(unit);
      if (child === undefined) {
        child = nodes.length;
        nodes.push({ next: new Map(), fail: 0, output: [], depth: nodes[at]!.depth + 1 });
        nodes[at]!.next.set(unit, child);
      }
      at = child;
    }
    nodes[at]!.output.push(index);
  });
  // Breadth first: each node's fail link is the longest proper suffix that is also in the trie.
  const queue: number[] = [...nodes[0]!.next.values()];
  for (let q = 0; q < queue.length; q++) {
    const node = nodes[queue[q]!]!;
    for (const [unit, child] of node.next) {
      let fail = node.fail;
      while (fail !== 0 && !nodes[fail]!.next.has(unit)) fail = nodes[fail]!.fail;
      const target = nodes[fail]!.next.get(unit);
      nodes[child]!.fail = target !== undefined && target !== child ? target : 0;
      nodes[child]!.output.push(...nodes[nodes[child]!.fail]!.output);
      queue.push(child);
    }
  }
  return {
    size: listed.length,
    find(text) {
      const matches: Match[] = [];
      let at = 0;
      for (let i = 0; i < text.length; i++) {
        const unit = fold(text.charCodeAt(i));
        // One lookup a step (not a test and then a get): this loop is most of a long article's check.
        let next = nodes[at]!.next.get(unit);
        while (next === undefined && at !== 0) {
          at = nodes[at]!.fail;
          next = nodes[at]!.next.get(unit);
        }
        at = next ?? 0;
        const output = nodes[at]!.output;
        for (let k = 0; k < output.length; k++) {
          const word = listed[output[k]!]!;
          matches.push({ word, start: i + 1 - word.length, end: i + 1 });
        }
      }
      return matches;
    },
  };
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** What an entity's name (between & and ;) stands for; undefined when it is none we read, and the text is then taken as written. */
function entityChar(name: string): string | undefined {
  const code = name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : undefined;
  return code !== undefined && code <= 0x10ffff ? String.fromCodePoint(code) : entities[name.toLowerCase()];
}

/** An entity as readHtml takes it: at most 12 characters from & to ;. */
const ENTITY = /^&(#x[0-9a-f]+|#\d+|[a-z]+);/i;

/** One character of an HTML text, and where its source (a character or an entity) lies in the HTML. */
interface Source {
  char: string;
  from: number;
  to: number;
}

/** The text of an HTML fragment (tags skipped, entities read), with each character's place in the HTML. */
function readHtml(html: string): Source[] {
  const chars: Source[] = [];
  let i = 0;
  while (i < html.length) {
    if (html[i] === '<') {
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    if (html[i] === '&') {
      const entity = ENTITY.exec(html.slice(i, i + 12));
      const char = entity ? entityChar(entity[1]!) : undefined;
      if (entity && char !== undefined) {
        // A character outside the BMP from an entity counts as its two units, both at this entity.
        for (const unit of char.split('')) chars.push({ char: unit, from: i, to: i + entity[0].length });
        i += entity[0].length;
        continue;
      }
    }
    chars.push({ char: html[i]!, from: i, to: i + 1 });
    i += 1;
  }
  return chars;
}

/**
 * An HTML fragment's text as matching reads it: what readHtml reads, as one string. Made by one
 * replace rather than from readHtml's characters, which cost a long article's check more than
 * its matching: a tag (to its >, or to the end when it is not closed) goes, an entity of at most
 * 12 characters that readHtml reads becomes its character, and any other & stays.
 */
export function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>?|&(#x[0-9a-f]{1,8}|#\d{1,9}|[a-z]{1,10});/gi, (whole: string, entity?: string) =>
    entity === undefined ? '' : (entityChar(entity) ?? whole),
  );
}

/** The occurrences in an HTML fragment's text (offsets into that text, `textOfHtml`). */
export function findInHtml(matcher: Matcher, html: string): Match[] {
  return matcher.find(textOfHtml(html));
}

/**
 * The occurrences that do not overlap, in order of their start: where two overlap the longer is
 * kept (of two as long, the earlier), as one correction stands for the text it covers (with
 * 关健 and 关健词 both listed, 关健词 in the text is one finding, not two).
 */
export function withoutOverlaps(matches: readonly Match[]): Match[] {
  const longestFirst = [...matches].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken = new Uint8Array(matches.reduce((end, m) => Math.max(end, m.end), 0));
  const kept: Match[] = [];
  for (const m of longestFirst) {
    if (taken.subarray(m.start, m.end).includes(1)) continue;
    taken.fill(1, m.start, m.end);
    kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The HTML with each occurrence wrapped in <mark>; nothing else changes. */
export function markHtml(matcher: Matcher, html: string): string {
  const chars = readHtml(html);
  const marked = new Uint8Array(chars.length);
  for (const m of matcher.find(chars.map((c) => c.char).join(''))) marked.fill(1, m.start, m.end);
  let out = '';
  let copied = 0;
  let open = false;
  for (let k = 0; k < chars.length; k++) {
    const source = chars[k]!;
    // Whatever lies between two characters (tags) is copied unmarked.
    if (source.from > copied) {
      if (open) out += '</mark>';
      open = false;
      out += html.slice(copied, source.from);
      copied = source.from;
    }
    if (source.from < copied) continue; // the second unit of an entity already copied
    if (marked[k] && !open) out += '<mark>';
    if (!marked[k] && open) out += '</mark>';
    open = marked[k] === 1;
    out += html.slice(source.from, source.to);
    copied = source.to;
  }
  if (open) out += '</mark>';
  return out + html.slice(copied);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as HTML with each occurrence wrapped in <mark>. */
export function markText(matcher: Matcher, text: string): string {
  return markHtml(
    matcher,
    text.replace(/[&<>"']/g, (c) => escapes[c]!),
  );
}
