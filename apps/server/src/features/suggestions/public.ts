import { messages, saveProposeForm } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { publicDocs } from '../members/docs.js';
import { saveProposal } from './service.js';
import { optionalConsent } from '../privacy/consents.js';

/** The suggestion box (spec §7 SavePropose). */
export async function suggestionsPublic(app: App): Promise<void> {
  const { database, config, now } = app.services;
  app.post(
    '/SavePropose',
    {
      schema: {
        ...publicDocs,
        summary: '提交建议留言（每个地址10分钟内至多5条，超出 Code 429）',
        body: saveProposeForm,
        'x-codes': { 429: messages.tooManyRequests },
      },
    },
    async (request) => {
      const { Mobile, ProposeContent, PrivacyVersion } = request.body;
      const consent = await optionalConsent(database, config.site, PrivacyVersion, now());
      await saveProposal(database, { mobile: Mobile, content: ProposeContent, address: request.clientAddress, group: request.addressGroup, consent }, now());
      return ok(null, messages.submitted);
    },
  );
}
