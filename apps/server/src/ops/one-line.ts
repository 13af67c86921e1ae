// Its own module: the cluster primary says why a start failed without loading the database code (main.ts).

/** An error as one line without a stack: its code and message. */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  // AggregateError (pg connecting to every address of a name) carries the reasons inside.
  const inner = error instanceof AggregateError && error.errors.length ? oneLine(error.errors[0]) : '';
  const message = error.message || inner;
  return [typeof code === 'string' && !message.includes(code) ? code : '', message].filter(Boolean).join(' ').replace(/\s+/g, ' ');
}
