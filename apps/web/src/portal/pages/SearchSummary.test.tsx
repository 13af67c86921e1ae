import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { SearchSummary } from './SearchPage';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('SearchSummary', () => {
  it('says how many results a search found', () => {
    expect(text(renderToStaticMarkup(<SearchSummary keyword="保险" total={1234} capped={false} />))).toBe('共找到 1,234 条与“保险”相关的结果');
  });

  it('says when a search found more than it lists, and how to narrow it', () => {
    expect(text(renderToStaticMarkup(<SearchSummary keyword="保险" total={10000} capped />))).toBe(
      '与“保险”相关的结果超过 10,000 条，以下列出前 10,000 条；请使用更具体的关键词缩小范围',
    );
  });
});
