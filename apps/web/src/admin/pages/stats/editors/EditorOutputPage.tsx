import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { messages } from '@portal/shared';
import { statisticsApi } from '../../../../api/statistics';
import { EditorTable } from '../shared/EditorTable';
import { editorOutputKeys } from '../shared/keys';
import { CHARTED_EDITORS, EditorChart } from './EditorChart';
import { EditorFigureCards } from './EditorFigureCards';
import { MonthBar } from './MonthBar';
import { choiceOf, monthsOf, paramsOf, type MonthChoice } from './range';
import bar from '../shared/periodBar.module.css';
import styles from './editors.module.css';

/** The months chosen, kept in the address so a reload or a link sent to a colleague shows the same months. */
function useMonthChoice(): [MonthChoice, (choice: MonthChoice) => void] {
  const [params, setParams] = useSearchParams();
  return [choiceOf(params), (choice) => setParams(paramsOf(choice), { replace: true })];
}

/**
 * 编辑工作量 (component stats/editors/index): for the months chosen (本月, 上月, 今年 or 自定义, at
 * most 36), the office's articles written, published, edited and reviewed, each editor's share
 * (most work first, each opening onto their months) and the same as bars; exported as .xlsx.
 * What the figures count: docs/statistics.md, "编辑工作量".
 */
export default function EditorOutputPage() {
  const [choice, choose] = useMonthChoice();
  const query = monthsOf(choice);
  const output = useQuery({
    queryKey: editorOutputKeys.months(query),
    queryFn: () => statisticsApi.editors(query),
    placeholderData: keepPreviousData,
  });
  const data = output.data;
  // 导出 asks for the months on screen (the server's answer), even while others load.
  const shown = data ? { start: data.Start, end: data.End } : query;

  return (
    <div className={bar.page}>
      <MonthBar choice={choice} onChoose={choose} shown={shown} data={data} />
      <EditorFigureCards total={data?.Total} loading={output.isPending} />
      {!data || data.Editors.length === 0 ? (
        <Card variant="borderless">{output.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : <Empty description={messages.empty} />}</Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card variant="borderless" className={styles.card} title="各编辑工作量" role="region" aria-label="各编辑工作量">
              <EditorTable data={data} byMonth />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card
              variant="borderless"
              className={styles.card}
              title={data.Editors.length > CHARTED_EDITORS ? `工作量对比（前${CHARTED_EDITORS}位）` : '工作量对比'}
              role="region"
              aria-label="工作量对比"
            >
              <EditorChart data={data} />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
