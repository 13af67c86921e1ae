import { useState } from 'react';
import type { Key } from 'react';

/**
 * The rows ticked in a list for its batch actions, and what follows a batch write: the selection
 * emptied (the rows may have left the filter, or gone) and the list reloaded. Ticks survive paging,
 * so a batch can gather rows from several pages.
 */
export function useSelection(refresh: () => void) {
  const [selected, setSelected] = useState<number[]>([]);
  return {
    selected,
    rowSelection: { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true },
    done: () => {
      setSelected([]);
      refresh();
    },
  };
}
