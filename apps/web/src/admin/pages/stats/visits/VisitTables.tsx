import { Col, Row } from 'antd';
import type { VisitStatisticsDto } from '@portal/shared';
import { articleColumns, botColumns, emptyKeywordColumns, keywordColumns, namedColumns, pageColumns, referrerColumns, sharedColumns } from './columns';
import { RankedCard, type ShownRange } from './RankedCard';

const half = { xs: 24, xl: 12 } as const;
const byKey = (row: { Key: string }) => row.Key;
const byKeyword = (row: { Keyword: string }) => row.Keyword;

/**
 * The ranked tables: what was read, where visitors came from, what they searched for, and with
 * what. A table of two counts fits a phone's card; those with more columns keep their width
 * (minWidth) and scroll sideways inside the card.
 */
export function VisitTables({ data, range }: { data: VisitStatisticsDto; range: ShownRange }) {
  const totalViews = data.Total.Views;
  return (
    <Row gutter={[16, 16]}>
      <Col {...half}>
        <RankedCard title="热门文章" table="articles" range={range} rows={data.Articles} columns={articleColumns} rowKey={byKey} />
      </Col>
      <Col {...half}>
        <RankedCard title="热门栏目" table="menus" range={range} rows={data.Menus} columns={namedColumns('栏目')} rowKey={byKey} />
      </Col>
      <Col {...half}>
        <RankedCard title="受访页面" table="pages" range={range} rows={data.Pages} columns={pageColumns} rowKey={byKey} />
      </Col>
      <Col {...half}>
        <RankedCard
          title="来源"
          table="referrers"
          range={range}
          rows={data.Referrers}
          columns={referrerColumns}
          rowKey={(r) => `${r.Kind}|${r.Name}`}
          minWidth={400}
        />
      </Col>
      <Col {...half}>
        <RankedCard title="站内搜索词" table="keywords" range={range} rows={data.Keywords} columns={keywordColumns} rowKey={byKeyword} minWidth={340} />
      </Col>
      <Col {...half}>
        <RankedCard title="无结果的搜索词" table="emptyKeywords" range={range} rows={data.EmptyKeywords} columns={emptyKeywordColumns} rowKey={byKeyword} />
      </Col>
      <Col {...half}>
        <RankedCard title="设备" table="devices" range={range} rows={data.Devices} columns={sharedColumns('设备', totalViews)} rowKey={byKey} minWidth={360} />
      </Col>
      <Col {...half}>
        <RankedCard
          title="浏览器"
          table="browsers"
          range={range}
          rows={data.Browsers}
          columns={sharedColumns('浏览器', totalViews)}
          rowKey={byKey}
          minWidth={360}
        />
      </Col>
      <Col {...half}>
        <RankedCard
          title="地区"
          table="provinces"
          range={range}
          rows={data.Provinces}
          columns={sharedColumns('地区', totalViews)}
          rowKey={byKey}
          minWidth={360}
        />
      </Col>
      <Col {...half}>
        <RankedCard title="机器人" table="bots" range={range} rows={data.Bots} columns={botColumns} rowKey={byKey} />
      </Col>
    </Row>
  );
}
