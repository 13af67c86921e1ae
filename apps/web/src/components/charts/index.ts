/** Every chart of the product, drawn with Recharts (docs/decisions.md, "Charts: Recharts, for every chart"). */
export { AreaByDay, type DayValue } from './AreaByDay';
export { ChoiceChart, type ChoiceCount } from './ChoiceChart';
export { seriesColor, seriesColors } from './palette';
export { GroupedBars, type BarSeries } from './GroupedBars';
export { TrendLines, type LineSeries } from './TrendLines';
export { TwoScales } from './TwoScales';
