import type { FastifyReply } from 'fastify';
import { certProgramme, ICP_FILING_SITE, policeFilingRecord } from '@portal/shared';
import type { SiteInfo } from '../../config.js';

/**
 * The certificate verification page (/cert/verify/<token>) as plain HTML: whoever scans a
 * certificate's QR code reads the answer at once, on any phone, without JavaScript. It shows
 * what a verifier needs and nothing more: the state, the masked holder, the certificate's
 * number and dates, and who issued it.
 */

/** What the page says about a record. */
export type VerifiedState = 'valid' | 'hidden' | 'revoked';

export interface VerifiedRecord {
  state: VerifiedState;
  /** Masked: first and last character. */
  name: string;
  /** Masked: first 6 and last 4 of a mainland number. */
  idNum: string;
  company: string;
  certNum: string;
  examTime: string;
  issueDate: string;
}

/** An uploaded credential, checked. */
export type CredentialVerdict =
  { kind: 'unreadable' } | { kind: 'forged' } | { kind: 'signed'; certNum: string; holder: string; record: VerifiedRecord | null };

export type VerifyPage =
  { kind: 'record'; record: VerifiedRecord; credentialUrl: string | null } | { kind: 'notFound' } | { kind: 'checked'; verdict: CredentialVerdict };

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** A holder's name with all but its first and last character hidden (张三 → 张*). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 2) return (chars[0] ?? '') + '*'.repeat(Math.max(0, chars.length - 1));
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

const stateText: Record<VerifiedState, { title: string; detail: string; tone: 'valid' | 'warn' | 'bad' }> = {
  valid: { title: '证书有效', detail: '该证书由本协会颁发，信息与协会登记一致。', tone: 'valid' },
  hidden: { title: '证书暂停公示', detail: '该证书由本协会颁发，目前暂停在官网公示。如需核实，请联系协会。', tone: 'warn' },
  revoked: { title: '证书已撤销', detail: '该证书已被协会撤销，不再有效。', tone: 'bad' },
};

const orDash = (text: string) => (text ? esc(text) : '-');

function facts(r: VerifiedRecord, issuer: string): string {
  // A certificate that no longer stands keeps its holder to itself.
  const rows: [string, string][] =
    r.state === 'valid'
      ? [
          ['持证人', r.name],
          ['证件号码', r.idNum],
          ['工作单位', r.company],
          ['证书名称', certProgramme],
          ['证书编号', r.certNum],
          ['考试日期', r.examTime],
          ['发证日期', r.issueDate],
          ['发证单位', issuer],
        ]
      : [
          ['证书编号', r.certNum],
          ['发证日期', r.issueDate],
          ['发证单位', issuer],
        ];
  return factList(rows);
}

/** Labelled facts (label HTML, value text), a value left empty shown as -. */
export const factList = (rows: readonly (readonly [string, string])[]) =>
  `<dl class="facts">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${orDash(v)}</dd>`).join('')}</dl>`;

/** A verification page's answer, coloured by its tone: HTML, the caller escapes what it brings. */
export function stateBanner(tone: 'valid' | 'warn' | 'bad', mark: string, title: string, detail: string): string {
  return `<div class="state ${tone}" role="status"><span class="mark" aria-hidden="true">${mark}</span><div><h1>${title}</h1><p>${detail}</p></div></div>`;
}

function banner(state: VerifiedState): string {
  const s = stateText[state];
  return stateBanner(s.tone, state === 'valid' ? '✓' : '!', s.title, s.detail);
}

/**
 * A file field that speaks Chinese whatever the browser's language: the native input, still the
 * one focused and clicked (it lies unseen over its button), under a 选择文件 button and the
 * chosen file's name, which /file-field.js writes in. Without scripts the native control is
 * shown instead (the page's <noscript> style), so no one is told 未选择文件 after choosing.
 */
const fileField = (id: string, name: string, accept: string) =>
  `<span class="file-field"><span class="file-pick"><input id="${id}" type="file" name="${name}" accept="${accept}" aria-describedby="${id}-name">` +
  `<span class="file-button" aria-hidden="true">选择文件</span></span><span class="file-name" id="${id}-name">未选择文件</span></span>`;

const uploadForm = `<section class="upload">
<h2>核验电子凭证</h2>
<p>持证人可下载本证书的电子凭证（Open Badges 3.0 可验证凭证，协会数字签名）。收到电子凭证的单位可在此上传文件或粘贴其内容，核验签名与证书当前状态。</p>
<form method="post" action="/cert/verify" enctype="multipart/form-data">
<label for="credential-file">凭证文件（.jwt）</label>
${fileField('credential-file', 'file', '.jwt,.txt,application/jwt')}
<label for="credential-text">或粘贴凭证内容</label>
<textarea id="credential-text" name="credential" rows="4" spellcheck="false" placeholder="eyJ…"></textarea>
<button type="submit">核验</button>
</form>
<script src="/file-field.js"></script>
</section>`;

function body(page: VerifyPage, issuer: string): string {
  switch (page.kind) {
    case 'record': {
      const download = page.credentialUrl
        ? `<p class="actions"><a class="button" href="${esc(page.credentialUrl)}" download>下载电子凭证</a><a href="/.well-known/jwks.json">协会公钥</a></p>`
        : '';
      return banner(page.record.state) + facts(page.record, issuer) + download;
    }
    case 'notFound':
      return stateBanner('bad', '?', '未找到该证书', '验证地址无效。请核对二维码或链接，或通过<a href="/certsearch">证书查询</a>按姓名与证书编号查询。');
    case 'checked':
      return verdict(page.verdict, issuer);
  }
}

function verdict(v: CredentialVerdict, issuer: string): string {
  if (v.kind === 'unreadable') return stateBanner('bad', '?', '无法识别的凭证', '上传的内容不是本协会签发的电子凭证（JWT 格式）。');
  if (v.kind === 'forged') return stateBanner('bad', '✗', '签名无效', '该凭证的数字签名与协会公钥不符：内容被改动过，或并非本协会签发。');
  const signed = `<p class="signed">数字签名有效：凭证由${esc(issuer)}签发，内容未被改动（证书编号 ${orDash(v.certNum)}，持证人 ${orDash(v.holder)}）。</p>`;
  if (!v.record) return signed + stateBanner('bad', '!', '证书记录不存在', '协会已无该证书的记录。');
  return signed + banner(v.record.state) + facts(v.record, issuer);
}

const styles = `
*{box-sizing:border-box}body{margin:0;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#262626;background:#f3f5f8;line-height:1.6}
header{background:#083866;color:#fff}header .in{max-width:760px;margin:0 auto;padding:14px 20px;display:flex;align-items:center;gap:12px}
header img{width:44px;height:44px}header a{color:#fff;text-decoration:none;font-size:18px;font-weight:600}
main{max-width:760px;margin:24px auto;padding:0 16px}.card{background:#fff;border-top:4px solid #0b4a8b;border-radius:4px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.card>h2.kicker{margin:0 0 16px;font-size:15px;color:#595959;font-weight:normal}
.state{display:flex;gap:16px;align-items:flex-start;padding:16px;border-radius:4px;margin-bottom:20px}
.state h1{margin:0;font-size:22px}.state p{margin:4px 0 0}.mark{flex:none;width:44px;height:44px;border-radius:50%;color:#fff;font-size:26px;line-height:44px;text-align:center;font-weight:bold}
.valid{background:#f0f9eb;color:#1f6f1a}.valid .mark{background:#389e0d}.warn{background:#fff7e6;color:#874d00}.warn .mark{background:#d48806}
.bad{background:#fff1f0;color:#a8071a}.bad .mark{background:#cf1322}
.facts{display:grid;grid-template-columns:7em 1fr;margin:0;border-top:1px solid #f0f0f0}.facts dt,.facts dd{margin:0;padding:10px 4px;border-bottom:1px solid #f0f0f0}
.facts dt{color:#595959}.facts dd{word-break:break-all}
.actions{display:flex;gap:20px;align-items:center;flex-wrap:wrap;margin:20px 0 0}.button,button{display:inline-block;background:#0b4a8b;color:#fff;border:0;border-radius:4px;padding:10px 20px;font-size:15px;text-decoration:none;cursor:pointer;min-height:44px}
a{color:#0b4a8b}.signed{color:#1f6f1a;background:#f0f9eb;padding:12px 16px;border-radius:4px}
.upload{margin-top:24px;background:#fff;border-radius:4px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}.upload h2{margin:0 0 8px;font-size:18px}
.upload form{display:grid;gap:8px;margin-top:12px}.upload textarea{width:100%;font-family:monospace;font-size:13px;padding:8px;border:1px solid #d9d9d9;border-radius:4px}
.upload button{justify-self:start;margin-top:8px}
.file-field{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px}.file-pick{position:relative;display:inline-flex}
.file-pick input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.file-button{display:inline-flex;align-items:center;min-height:44px;padding:0 18px;border:1px solid #0b4a8b;border-radius:4px;background:#fff;color:#0b4a8b;font-size:15px}
.file-pick input:hover+.file-button{background:#eaf1f9}.file-pick input:focus-visible+.file-button{outline:2px solid #0b4a8b;outline-offset:2px}
.file-name{color:#595959;word-break:break-all}
footer{text-align:center;color:#595959;font-size:13px;padding:24px 16px 40px}footer p{margin:0 0 4px}footer a{color:inherit}
.filings{display:flex;flex-wrap:wrap;justify-content:center;gap:4px 20px}.filings a{display:inline-flex;align-items:center;gap:4px}
@media (max-width:480px){.facts{grid-template-columns:6em 1fr}.card,.upload{padding:16px}.state h1{font-size:19px}}
`;

/**
 * The footer's lines as the public site's footer has them: who and where, the copyright, and
 * the ICP and 公安联网备案号 filing numbers linked to their records (their links are shared with
 * the public footer: mobile-site.ts in @portal/shared).
 */
function footer(site: SiteInfo): string {
  const filings = [
    site.icp && `<a href="${ICP_FILING_SITE}" target="_blank" rel="noopener noreferrer">${esc(site.icp)}</a>`,
    site.policeFiling &&
      `<a href="${esc(policeFilingRecord(site.policeFiling))}" target="_blank" rel="noopener noreferrer"><img src="/police-filing.svg" alt="" width="16" height="16">${esc(site.policeFiling)}</a>`,
  ].filter(Boolean);
  return `<footer>
<p>${esc(site.name)} · 电话 ${esc(site.phone)} · ${esc(site.address)}</p>
<p>${esc(site.copyright)}</p>
${filings.length > 0 ? `<p class="filings">${filings.join('')}</p>` : ''}
</footer>`;
}

/** What a verification page holds: its title, its description for link previews, and its card's kicker and content. */
export interface VerifyDocument {
  title: string;
  description: string;
  kicker: string;
  /** HTML inside the card. */
  body: string;
  /** HTML after the card. */
  after?: string;
}

/**
 * A public verification page (a certificate's, a membership card's) as a whole document: the
 * association's bar, one card, its footer. Not for search engines (noindex): each page is
 * about one holder, reached by the QR code alone.
 */
export function verifyDocument(page: VerifyDocument, site: SiteInfo): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="description" content="${esc(page.description)}">
<link rel="icon" type="image/svg+xml" href="/emblem.svg">
<title>${esc(page.title)} · ${esc(site.name)}</title>
<style>${styles}</style>
<noscript><style>.file-pick input{position:static;opacity:1}.file-button,.file-name{display:none}</style></noscript>
</head>
<body>
<header><div class="in"><img src="/emblem.svg" alt=""><a href="/home">${esc(site.name)}</a></div></header>
<main>
<div class="card"><h2 class="kicker">${esc(page.kicker)}</h2>
${page.body}
</div>
${page.after ?? ''}
</main>
${footer(site)}
</body>
</html>`;
}

/**
 * Sends a verification page that is not kept anywhere (what it says changes with the calendar
 * and staff's actions) and is not for search engines.
 */
export const sendVerifyDocument = (reply: FastifyReply, page: VerifyDocument, site: SiteInfo, status: number) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(verifyDocument(page, site));

/** The certificate's page. */
export function renderVerifyPage(page: VerifyPage, site: SiteInfo): string {
  const title =
    page.kind === 'record' ? `${stateText[page.record.state].title} · 证书验证` : page.kind === 'notFound' ? '未找到该证书 · 证书验证' : '电子凭证核验';
  return verifyDocument(
    {
      title,
      description: `${site.name}证书验证：核对扫码打开的证书是否由协会签发，以及它有效、已过期还是已撤销。`,
      kicker: `${certProgramme} · 证书验证`,
      body: body(page, site.name),
      after: uploadForm,
    },
    site,
  );
}
