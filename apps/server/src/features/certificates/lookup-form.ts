import type { FastifyReply, FastifyRequest } from 'fastify';
import { certSearchForm, downCertQuery, messages, paging, pagingQuery, type CertSearchEntry, type PostedCertLookup } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { AppError } from '../../http/envelope.js';
import { certificatePng } from './download.js';
import { lookupList } from './download-token.js';
import { countLookup, downloadableRecord, visitorLookup } from './lookup.js';

/** Draws the /certsearch page around a lookup the server answered (features/pages/web-app.ts). */
export type DrawLookupPage = (request: FastifyRequest, reply: FastifyReply, posted: PostedCertLookup) => Promise<void>;

/** A form of three short fields and a few numbers: anything larger is not ours. */
const FORM_BODY_LIMIT = 4096;

type FormBody = Partial<Record<string, string>>;

const field = (body: FormBody, name: string) => {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
};
const entered = (body: FormBody): CertSearchEntry => ({ Name: field(body, 'Name'), IdNum: field(body, 'IdNum'), CertNum: field(body, 'CertNum') });
const pageOf = (body: FormBody) => pagingQuery.parse({ pageindex: body.pageindex }).pageindex;

/**
 * The certificate lookup without JavaScript (spec §2 certsearch). The /certsearch form posts
 * here, and the server answers with the page drawn around the results: the ID number travels in
 * the request's body, never in an address (so not in history, logs or a Referer). Its pager
 * and its download buttons post the search again. With JavaScript the same form calls
 * GetCertList and DownCert instead; both ways are the same lookup, counted against the same
 * budget of the visitor's address.
 *
 * The answers are the visitor's own: never cached, never indexed.
 */
export async function certLookupForm(app: App, draw: DrawLookupPage): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  // These two routes take form bodies only (anything else answers 415); the API takes JSON alone.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.post<{ Body: FormBody }>('/certsearch', async (request, reply) => {
      const body = request.body ?? {};
      const query = entered(body);
      const page = pageOf(body);
      const form = certSearchForm.safeParse(query);
      if (!form.success) return draw(request, reply, { query, page, outcome: 'invalid' });
      try {
        const at = now();
        const found = await visitorLookup(database, request.addressGroup, at, form.data, { pageindex: page, pagesize: paging.defaultSize });
        return await draw(request, reply, { query, page, outcome: 'found', list: await lookupList(db, found, at) });
      } catch (err) {
        if (err instanceof AppError) return draw(request, reply, { query, page, outcome: 'refused', message: err.message });
        throw err;
      }
    });

    // A result's 下载 button: the search (which proves the record) and the record's id.
    scope.post<{ Body: FormBody }>('/certsearch/download', async (request, reply) => {
      const body = request.body ?? {};
      const query = entered(body);
      const page = pageOf(body);
      const asked = downCertQuery.safeParse({ ...query, CertId: body.CertId });
      if (!asked.success) return draw(request, reply, { query, page, outcome: 'refused', message: asked.error.issues[0]?.message ?? messages.badParameter });
      try {
        const { CertId, IdNum, Name, CertNum } = asked.data;
        const at = now();
        const record = await downloadableRecord(
          database,
          CertId,
          { idNum: IdNum, name: Name, certNum: CertNum, company: null },
          () => countLookup(database, request.addressGroup, at),
          at,
        );
        const png = await certificatePng(request, record);
        return await reply
          .type('image/png')
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', contentDisposition(`${record.name}证书.png`, { asciiName: 'certificate.png' }))
          .send(png);
      } catch (err) {
        // The page says why (as the browser's DownCert call would), the search still in its form.
        if (err instanceof AppError) return draw(request, reply, { query, page, outcome: 'refused', message: err.message });
        throw err;
      }
    });
  });
}
