import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { messages, pageViewBeacon, statisticsMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, ok } from '../../http/envelope.js';
import { countPageView, isVisitorPage } from './page-views.js';

/** A beacon is a path and a referrer: a few hundred bytes. */
const BEACON_BODY_LIMIT = 2048;
/** Per client address and minute, on every instance: far more pages than a person opens, few enough that a flood is cut. */
const perAddress = { rateLimit: { max: 120, timeWindow: 60_000 } };

/**
 * The page-view beacon (docs/statistics.md): the web app reports a page it moved to without
 * asking the server for it (the server counts the pages it draws itself). The browser sends it
 * with navigator.sendBeacon, whose string body arrives as text/plain: read here as JSON.
 */
export async function statisticsPublic(app: App): Promise<void> {
  const { services } = app;
  await app.register(async (scope) => {
    const limited = scope as App;
    limited.removeContentTypeParser(['text/plain', 'application/json']);
    limited.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest(messages.badParameter));
      }
    });
    await limited.register(rateLimit, { global: false, ...services.rateLimitCounters.options('page-views') });

    limited.post(
      '/TrackPageView',
      {
        schema: {
          tags: ['statistics'],
          summary: '站内跳转后报告一次页面浏览（navigator.sendBeacon，正文为 JSON 文本：Path 为页面地址，Referrer 为来源）；服务器绘制的页面由服务器自己计数',
          body: pageViewBeacon,
          'x-rate-limited': true,
          'x-data': z.null(),
          'x-codes': { 400: statisticsMessages.pathInvalid, 429: messages.tooManyRequests },
        },
        config: perAddress,
      },
      async (request) => {
        const { Path, Referrer } = request.body;
        if (!isVisitorPage(new URL(Path, 'http://page').pathname)) throw badRequest(statisticsMessages.pathInvalid);
        countPageView(services, request, Path, Referrer);
        return ok(null);
      },
    );
  });
}
