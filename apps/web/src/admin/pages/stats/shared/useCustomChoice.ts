import { useState } from 'react';

/** A period chosen by name (今天, 本月…) or as 自定义 from…to. */
export type PeriodChoice<P extends string> = { preset: P } | { preset: 'custom'; start: string; end: string };

/**
 * The choice an address holds (`range`, and `start`/`end` for 自定义). A link whose period the
 * server would refuse (`problem` says so: mistyped, or since grown too long) opens on `fallback`,
 * the server's own default, rather than on an error.
 */
export function choiceInAddress<P extends string>(
  params: URLSearchParams,
  labels: Record<P | 'custom', string>,
  problem: (start: string, end: string) => string | null,
  fallback: P,
): PeriodChoice<P> {
  const start = params.get('start');
  const end = params.get('end');
  if (start && end && problem(start, end) === null) return { preset: 'custom', start, end };
  const preset = params.get('range');
  return preset !== null && preset !== 'custom' && preset in labels ? { preset: preset as P } : { preset: fallback };
}

/** The address parameters of a choice (what choiceInAddress reads back). */
export function choiceParams<P extends string>(choice: PeriodChoice<P>): Record<string, string> {
  return 'start' in choice ? { range: 'custom', start: choice.start, end: choice.end } : { range: choice.preset };
}

/**
 * The choices' segmented control and the picker beside it: 自定义 starts from the period shown
 * and opens the picker to change it; a name is chosen at once. Answers whether the picker is
 * open (the picker's own state), and what the control's onChange does.
 */
export function useCustomChoice<P extends string>(shown: { start: string; end: string }, onChoose: (choice: PeriodChoice<P>) => void) {
  const [open, setOpen] = useState(false);
  const select = (value: P | 'custom') => {
    if (value === 'custom') {
      onChoose({ preset: 'custom', start: shown.start, end: shown.end });
      setOpen(true);
    } else onChoose({ preset: value } as PeriodChoice<P>);
  };
  return { open, setOpen, select };
}
