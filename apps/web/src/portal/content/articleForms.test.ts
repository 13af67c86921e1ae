import { describe, expect, it } from 'vitest';
import { articleParts } from './articleForms';

describe('articleParts', () => {
  it('cuts the body around a paragraph that is one link to a form', () => {
    const html = '<p>请各会员填写：</p><p><a href="/form/12">2026年会员满意度调查</a></p><p>谢谢。</p>';
    expect(articleParts(html)).toEqual([
      { html: '<p>请各会员填写：</p>' },
      { html: '<p><a href="/form/12">2026年会员满意度调查</a></p>', formId: 12 },
      { html: '<p>谢谢。</p>' },
    ]);
  });

  it('takes the link with attributes, marks and spaces around it', () => {
    const html = '<p style="text-align: center;">&nbsp;<a href="/form/3" target="_blank" rel="noopener"><strong>投票</strong></a> </p>';
    expect(articleParts(html)).toEqual([{ html, formId: 3 }]);
  });

  it('leaves a link inside a sentence, to another site or to another page a link', () => {
    for (const html of [
      '<p>请<a href="/form/12">点此填写</a>问卷。</p>',
      '<p><a href="https://example.org/form/12">问卷</a></p>',
      '<p><a href="/form/12/x">问卷</a></p>',
      '<p><a href="/info?NewsId=3">文章</a></p>',
      '<p><a href="/form/1">甲</a><a href="/form/2">乙</a></p>',
    ])
      expect(articleParts(html)).toEqual([{ html }]);
  });

  it('keeps an empty body as one part', () => {
    expect(articleParts('')).toEqual([{ html: '' }]);
  });
});
