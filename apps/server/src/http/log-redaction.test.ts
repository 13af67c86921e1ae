import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogSerializer } from './log-redaction.js';

describe('log redaction', () => {
  it('replaces the values of secret query parameters, whatever their case or escaping', () => {
    expect(redactUrl('/api/XfWebApi/GetLoginToken?str1=alice&str2=s3cret!')).toBe('/api/XfWebApi/GetLoginToken?str1=alice&str2=[REDACTED]');
    expect(redactUrl('/x?STR2=a&Pwd=b&Newpwd=c&againNewpwd=d&Password=e&token=f&st%72%32=g&page=1')).toBe(
      '/x?STR2=[REDACTED]&Pwd=[REDACTED]&Newpwd=[REDACTED]&againNewpwd=[REDACTED]&Password=[REDACTED]&token=[REDACTED]&st%72%32=[REDACTED]&page=1',
    );
    expect(redactUrl('/api/XfWebApi/GetNewsList?pid=3&key=str2')).toBe('/api/XfWebApi/GetNewsList?pid=3&key=str2');
    // The certificate lookup's ID number is personal data.
    expect(redactUrl('/api/XfWebApi/GetCertList?Name=%E5%BC%A0&IdNum=110101199003071234&pageindex=1')).toBe(
      '/api/XfWebApi/GetCertList?Name=%E5%BC%A0&IdNum=[REDACTED]&pageindex=1',
    );
    // So is the download token that stands for a certificate's id.
    expect(redactUrl('/api/XfWebApi/DownCert?IdNum=&CertId=12.1717207200.abc')).toBe('/api/XfWebApi/DownCert?IdNum=[REDACTED]&CertId=[REDACTED]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?str2&bad=%E0%A4%A')).toBe('/x?str2&bad=%E0%A4%A');
  });

  it('keeps the password of GET GetLoginToken out of the request log lines', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', serializers: { req: requestLogSerializer }, stream: { write: (line: string) => void lines.push(line) } } });
    app.get('/api/XfWebApi/GetLoginToken', async () => ({ Code: 200 }));
    await app.inject({ method: 'GET', url: '/api/XfWebApi/GetLoginToken?str1=alice&str2=TopSecret2024' });
    await app.close();
    const incoming = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string; method: string } }).find((l) => l.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/api/XfWebApi/GetLoginToken?str1=alice&str2=[REDACTED]' });
    expect(lines.join('\n')).not.toContain('TopSecret2024');
  });
});
