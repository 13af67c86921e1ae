import styles from './pickers.module.css';

/** A date picker's `classNames` that lay its popup out for a phone (see pickers.module.css). */
export const pickerClassNames = { popup: { root: styles.popup } };

/**
 * Where a date picker's popup opens: antd's four placements, each free to flip and to shift
 * sideways into the window. Antd's own top placements do not move sideways, so on a phone a
 * popup flipped above a field near the right edge opened partly off the screen (今天 cut off).
 */
const fitted = (points: [string, string], offsetY: number) => ({
  points,
  offset: [0, offsetY],
  overflow: { adjustX: 1, adjustY: 1, shiftX: true },
});
export const pickerPlacements = {
  bottomLeft: fitted(['tl', 'bl'], 4),
  bottomRight: fitted(['tr', 'br'], 4),
  topLeft: fitted(['bl', 'tl'], -4),
  topRight: fitted(['br', 'tr'], -4),
};
