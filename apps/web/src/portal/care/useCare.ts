import { useCallback, useState } from 'react';
import { careSchemes, careSpacings, careTextSizes, defaultDisplay } from '@portal/shared';
import { useDisplay } from '../../AppProviders';
import { readAloud, stopReading } from './readAloud';
import type { CareAction } from './shortcuts';

const next = <T>(list: readonly T[], current: T, step = 1): T => list[Math.min(list.length - 1, Math.max(0, list.indexOf(current) + step))] ?? current;
const cycle = <T>(list: readonly T[], current: T): T => list[(list.indexOf(current) + 1) % list.length] ?? current;

/** Care mode's actions, for the toolbar's buttons and the shortcuts alike; `note` is what the live region says. */
export function useCare() {
  const { prefs, update } = useDisplay();
  const [note, setNote] = useState('');
  const [reading, setReading] = useState(false);
  const run = useCallback(
    (action: CareAction) => {
      switch (action) {
        case 'toggle':
          if (prefs.care) stopReading();
          update({ care: !prefs.care });
          setNote(prefs.care ? '已退出关怀版' : '已进入关怀版');
          return;
        case 'larger':
        case 'smaller': {
          const text = next(careTextSizes, prefs.text, action === 'larger' ? 1 : -1);
          update({ text });
          setNote(`文字大小 ${text}%`);
          return;
        }
        case 'spacing':
          update({ spacing: cycle(careSpacings, prefs.spacing) });
          return;
        case 'scheme':
          update({ scheme: cycle(careSchemes, prefs.scheme) });
          return;
        case 'cursor':
          update({ cursor: !prefs.cursor });
          return;
        case 'guide':
          update({ guide: !prefs.guide });
          return;
        case 'simple':
          update({ simple: !prefs.simple });
          return;
        case 'read':
          if (reading) {
            stopReading();
            setReading(false);
            setNote('已停止朗读');
          } else {
            const result = readAloud();
            setReading(result.speaking);
            setNote(result.note);
          }
          return;
        case 'reset':
          stopReading();
          setReading(false);
          update({ ...defaultDisplay, size: prefs.size, care: true });
          setNote('已恢复默认设置');
          return;
      }
    },
    [prefs, update, reading],
  );
  return { prefs, update, run, note, reading };
}
