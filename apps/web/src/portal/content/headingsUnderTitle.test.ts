import { describe, expect, it } from 'vitest';
import { headingsUnderTitle } from './headingsUnderTitle';

describe('article headings under the page title', () => {
  it('moves a body starting at h3 up to h2, keeping the levels below it apart', () => {
    expect(headingsUnderTitle('<h3 style="text-align:center">发展历程</h3><p>正文</p><h4>一、起步</h4><H3>组织</H3>')).toBe(
      '<h2 style="text-align:center">发展历程</h2><p>正文</p><h3>一、起步</h3><h2>组织</h2>',
    );
  });

  it('moves an h1 in the body down, so the page keeps one h1, and stops at h6', () => {
    expect(headingsUnderTitle('<h1>总则</h1><h6>附</h6>')).toBe('<h2>总则</h2><h6>附</h6>');
  });

  it('leaves bodies already starting at h2, and bodies without headings, as they are', () => {
    expect(headingsUnderTitle('<h2>一</h2><h4>二</h4>')).toBe('<h2>一</h2><h4>二</h4>');
    expect(headingsUnderTitle('<p>hello <header>x</header> <hr></p>')).toBe('<p>hello <header>x</header> <hr></p>');
  });
});
