import { Fragment } from 'react';

export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` around every case-insensitive occurrence of `key` (no regular expressions: keys are user input). */
export function splitByKey(text: string, key: string): TextPart[] {
  // Case folding may change the length of a few non-Latin letters; match exactly then, so offsets stay valid.
  const folds = text.toLowerCase().length === text.length;
  const needle = folds ? key.trim().toLowerCase() : key.trim();
  if (!needle) return [{ text, match: false }];
  const haystack = folds ? text.toLowerCase() : text;
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** Renders `text` with each occurrence of `keyword` wrapped in <mark>; React escapes the text, so nothing is parsed as HTML. */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return <>{splitByKey(text, keyword).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}</>;
}
