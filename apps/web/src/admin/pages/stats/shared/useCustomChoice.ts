import { useState } from 'react';

/** A period chosen by name (今天, 本月…) or as 自定义 from…to. */
export type PeriodChoice<P extends string> = { preset: P } | { preset: 'custom'; start: string; end: string };

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
