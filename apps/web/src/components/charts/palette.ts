import { colors } from '../../theme';

/**
 * The series colours of every chart: the association's blue first, then hues that stay apart
 * for the colour-blind and print distinctly in grey (ColorBrewer's "Dark2", darkened to 3:1 on white).
 */
export const seriesColors = [colors.primary, '#1b7f5f', '#c1570e', '#6a4c9c', '#b8262c', '#5a6f19', '#8c6a00', '#4d5b6b'] as const;

/** The colour of the n-th series or slice, repeating past the palette. */
export const seriesColor = (index: number) => seriesColors[index % seriesColors.length]!;

/** Axis and grid styling shared by the cartesian charts. */
export const axis = {
  tick: { fill: colors.muted, fontSize: 12 },
  stroke: colors.border,
} as const;

export const gridStroke = '#edf0f5';
