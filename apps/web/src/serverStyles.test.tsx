import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type CacheEntity from '@ant-design/cssinjs/es/Cache';
import { Button, ConfigProvider, Pagination, Tabs } from 'antd';
import { theme } from './theme';
import { PageStyleCache } from './serverStyles';

function stylesOf(cache: CacheEntity, page: React.ReactElement): { html: string; styles: string } {
  const html = renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={theme}>{page}</ConfigProvider>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache) };
}

const withTabs = (
  <Tabs
    items={[
      { key: 'a', label: '政策要闻', children: <Button type="primary">更多</Button> },
      { key: 'b', label: '通知公告', children: 'b' },
    ]}
  />
);
const withPager = <Pagination total={120} defaultCurrent={3} />;

describe('server-rendered page styles', () => {
  it('are what a fresh cache gives, for each page, whatever was rendered before in the process', () => {
    const fresh = { tabs: stylesOf(createCache(), withTabs), pager: stylesOf(createCache(), withPager) };
    // Twice each, interleaved: the later renders take everything from the process-wide store.
    for (let round = 0; round < 2; round++) {
      for (const [name, page] of [
        ['tabs', withTabs],
        ['pager', withPager],
      ] as const) {
        expect(stylesOf(new PageStyleCache(), page)).toEqual(fresh[name]);
      }
    }
    // Each page carries only its own components' styles.
    expect(fresh.tabs.styles).toContain('ant-tabs');
    expect(fresh.tabs.styles).not.toContain('ant-pagination');
    expect(fresh.pager.styles).toContain('ant-pagination');
  });
});
