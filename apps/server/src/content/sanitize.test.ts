import { describe, expect, it } from 'vitest';
import { stripHtml } from './plain-text.js';
import { cleanArticleBody, cleanStyle, sanitizeRichText } from './sanitize.js';

/** Hostile bodies, each with what must come out of it. */
const hostile: [input: string, output: string][] = [
  ['<script>alert(1)</script>正文', '正文'],
  ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>正文', '正文'],
  ['<img src=x onerror=alert(1)>', '<img src="x">'],
  ['<img src="/a.png" ONERROR="alert(1)" onload=alert(2)>', '<img src="/a.png">'],
  ['<a href="https://ok.example" onclick="alert(1)" onmouseover=alert(1)>ok</a>', '<a href="https://ok.example">ok</a>'],
  ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="JaVaScRiPt:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="  javascript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="jav&#x09;ascript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="java\nscript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>', '<a>a</a>'],
  ['<a href="&#x6A;avascript&colon;alert(1)">a</a>', '<a>a</a>'],
  ['<a href="vbscript:msgbox(1)">a</a>', '<a>a</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>', '<a>a</a>'],
  ['<p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">图</p>', '<p>图</p>'],
  ['<svg onload=alert(1)><circle r="1"></circle></svg>', ''],
  ['<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>', '<a>x</a>'],
  ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
  ['<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
  ['<p style="background: url(javascript:alert(1)); color: red">x</p>', '<p style="color: red;">x</p>'],
  ['<p style="color: e\\xpression(alert(1)); text-align: center">x</p>', '<p style="text-align: center;">x</p>'],
  ['<p style="font-family: a/**/; behavior: url(x.htc); -moz-binding: url(x)">x</p>', '<p>x</p>'],
  ['<p style="background-image: url(&quot;javascript:alert(1)&quot;)">x</p>', '<p>x</p>'],
  ['<span style="color: red !important; position: fixed; top: 0">x</span>', '<span>x</span>'],
  ['<iframe src="https://www.youtube.com/embed/x">回退文字</iframe>后文', '后文'],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<object data="evil.swf"><param name="x" value="y"></object><embed src="evil.swf">', ''],
  ['<form action="https://evil.example"><input name="x"><textarea>密</textarea><button>提交</button></form>', '提交'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/"><link rel="stylesheet" href="x.css">', ''],
  ['<style>body{display:none}</style><p>正文</p>', '<p>正文</p>'],
  ['<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
  ['<<img src=x onerror=alert(1)//>', '&lt;<img src="x">'],
  ['<img """><script>alert(1)</script>">', '"&gt;'],
  ['<!--<img src=x onerror=alert(1)>--><p>a</p>', '<p>a</p>'],
  ['<video poster="javascript:alert(1)" src="/v.mp4" onplay="alert(1)"></video>', '<video src="/v.mp4"></video>'],
  ['<video><source src="data:video/mp4;base64,AAAA" onerror="alert(1)"></video>', '<video><source></video>'],
  ['<td background="javascript:alert(1)">x</td>', '<td>x</td>'],
  ['<p id="main" class="evil" name="x" data-x="1">x</p>', '<p>x</p>'],
  ['<a href="https://example.org" target="_blank">外链</a>', '<a href="https://example.org" target="_blank" rel="noopener">外链</a>'],
  ['<a href="https://example.org" target="evilframe">a</a>', '<a href="https://example.org">a</a>'],
  ['<noscript><img src=x onerror=alert(1)></noscript><template><script>alert(1)</script></template>', ''],
];

/** What TinyMCE (entity_encoding 'raw') writes, which must pass through byte for byte. */
const tinymce = [
  '<p style="text-indent: 2em;">为贯彻落实《建设工程质量管理条例》，现将有关事项通知如下。</p>',
  '<p style="text-align: center; line-height: 1.5;"><span style="font-size: 16pt; font-family: 宋体, SimSun;">标题</span></p>',
  '<p style="line-height: 2;"><span style="color: #e03e2d; background-color: #fbeeb8;">重点</span><span style="text-decoration: underline;">下划线</span><s>删除</s>H<sub>2</sub>O x<sup>2</sup></p>',
  '<h2 style="text-align: right;">二级标题</h2><h6>小标题</h6><blockquote><p>引用</p></blockquote><pre>代码</pre><p><code>code</code></p>',
  '<p>&nbsp;</p><hr><p>第一行<br>第二行</p>',
  '<ul><li>甲</li><li>乙</li></ul><ol style="list-style-type: lower-alpha;"><li>一</li></ol><ol start="3"><li>三</li></ol>',
  '<p style="padding-left: 40px;">缩进</p><p style="margin-left: 80px;">左边距</p>',
  '<table style="border-collapse: collapse; width: 100%; height: 44.7812px;" border="1"><colgroup><col style="width: 49.9%;"><col style="width: 49.9%;"></colgroup>' +
    '<thead><tr style="height: 22.3906px;"><th style="height: 22.3906px;">会员等级</th><th>会费</th></tr></thead>' +
    '<tbody><tr><td style="width: 50%; text-align: center; vertical-align: middle; border: 1px solid #000000;" colspan="2" rowspan="1">合计</td></tr></tbody></table>',
  '<p><img src="/uploads/202406/abc.png" alt="现场" width="600" height="400"></p>',
  '<p><img style="display: block; margin-left: auto; margin-right: auto;" src="https://img.example.org/a.jpg" alt="" width="300" height="200"></p>',
  '<p><img style="float: left;" src="/uploads/202406/b.png" alt=""></p>',
  '<p><video controls="controls" width="300" height="150"><source src="/uploads/202406/x.mp4" type="video/mp4"></video></p>',
  '<p><audio controls="controls"><source src="/uploads/202406/x.mp3" type="audio/mpeg"></audio></p>',
  '<p><a href="https://www.mohurd.gov.cn/" target="_blank" rel="noopener">住建部</a> <a href="/uploads/202406/file.pdf" title="附件">附件.pdf</a> <a href="mailto:office@example.org">邮件</a></p>',
  '<p><strong>加粗</strong><em>斜体</em><span style="font-size: 12pt;">小字</span></p>',
  '<p>引号“中文”与 "English" &amp; 符号 &lt;tag&gt;</p>',
];

const dangerous = /<(?:script|iframe|object|embed|svg|math|style|form|input|meta|base|link)\b|\son\w+\s*=|javascript:|vbscript:|data:|expression\(|url\(/i;

describe('sanitizeRichText', () => {
  it.each(hostile)('cleans %s', (input, output) => {
    const clean = sanitizeRichText(input);
    expect(clean).toBe(output);
    expect(clean).not.toMatch(dangerous);
  });

  it.each(tinymce)('keeps TinyMCE output unchanged: %s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('is stable: cleaning clean output changes nothing', () => {
    for (const [input] of hostile) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});

describe('cleanStyle', () => {
  it('keeps the allowed declarations in TinyMCE spelling and drops the rest', () => {
    expect(cleanStyle('TEXT-ALIGN:center;line-height:1.75;font-size:14pt')).toBe('text-align: center; line-height: 1.75; font-size: 14pt;');
    expect(cleanStyle("font-family: 'Microsoft YaHei', 微软雅黑, sans-serif")).toBe("font-family: 'Microsoft YaHei', 微软雅黑, sans-serif;");
    expect(cleanStyle('color: rgb(224, 62, 45); border-top: 1px dashed rgba(0, 0, 0, 0.5)')).toBe(
      'color: rgb(224, 62, 45); border-top: 1px dashed rgba(0, 0, 0, 0.5);',
    );
    expect(cleanStyle('position: absolute; z-index: 9; width: calc(100% - 1px); height: 10px')).toBe('height: 10px;');
    expect(cleanStyle('font-family: x; font-family: "a;b"')).toBe('font-family: x;');
  });
});

describe('cleanArticleBody', () => {
  it('answers the clean body and its text for search', () => {
    const body = cleanArticleBody('<h3>一、总则</h3><p onclick="x()">保险&nbsp;期间<script>alert(1)</script></p><ul><li>甲</li></ul>');
    expect(body).toEqual({ content: '<h3>一、总则</h3><p>保险&nbsp;期间</p><ul><li>甲</li></ul>', bodyText: '一、总则\n保险 期间\n甲' });
  });
});

describe('stripHtml', () => {
  it('keeps the text of every block apart and decodes entities', () => {
    const html =
      '<h3>一、总则</h3><p>保险&nbsp;期间<strong>十年</strong></p><ul><li>甲</li><li>乙 &amp; 丙</li></ul><table><tr><td>A</td><td>&#x4e01;</td></tr></table>';
    expect(stripHtml(html)).toBe('一、总则\n保险 期间十年\n甲\n乙 & 丙\nA\n丁');
  });

  it('drops scripts, styles and attribute values', () => {
    expect(stripHtml('<style>p{color:red}</style><p title="隐藏">可见</p><script>alert(1)</script>')).toBe('可见');
  });
});
