import type { EditorOutputDto } from '@portal/shared';
import { GroupedBars, type BarSeries } from '../../../../components/charts';
import { editorFigures } from '../shared/editorFigures';

const series: BarSeries<(typeof editorFigures)[number]['key']>[] = editorFigures.map(({ key, name }) => ({ key, name }));

/** Beyond this many editors the bars grow too thin to read: the chart shows the first (those with most work). */
export const CHARTED_EDITORS = 10;

/** Each editor's four figures side by side, most work first. */
export function EditorChart({ data }: { data: EditorOutputDto }) {
  const bars = data.Editors.slice(0, CHARTED_EDITORS).map((e) => ({ label: e.Name, ...e.Total }));
  return <GroupedBars data={bars} series={series} label={`各编辑工作量对比，共 ${data.Editors.length} 人`} />;
}
