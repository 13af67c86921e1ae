import { formatCst, smsMessages, type SmsState } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { badRequest } from '../../http/envelope.js';
import type { SmsAnswer, SmsMessage, SmsProvider } from '../../sms/provider.js';
import { smsReady, smsSettings } from './settings.js';

/** A provider that has not answered by then is counted as refusing: a request must not hang on it. */
const ANSWER_MS = 10_000;
const ANSWER_MAX = 500;

/** The provider's answer, a thrown error or its silence all read as an answer to log. */
async function ask(provider: SmsProvider, message: SmsMessage): Promise<SmsAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<SmsAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ accepted: false, reason: `服务商${ANSWER_MS / 1000}秒内未应答` }), ANSWER_MS);
  });
  try {
    return await Promise.race([provider.send(message), silence]);
  } catch (error) {
    return { accepted: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export interface SmsOutcome {
  state: SmsState;
  /** The provider's message id, or its reason for refusing. */
  answer: string;
}

/**
 * Hands one message to the provider and logs what it answered, accepted or not. Refused with
 * 短信服务未配置 (nothing logged, nothing sent) unless a provider is installed, a signature saved
 * and the switch on. `source` says in the log who or what sent it.
 */
export async function sendSms(
  services: Pick<Services, 'database' | 'now' | 'sms'>,
  message: Omit<SmsMessage, 'signName'>,
  source: string,
): Promise<SmsOutcome> {
  const { db } = services.database;
  const settings = await smsSettings(db);
  const provider = services.sms;
  if (!smsReady(provider, settings)) throw badRequest(smsMessages.notConfigured);
  const answer = await ask(provider, { ...message, signName: settings.signName });
  const outcome: SmsOutcome = answer.accepted
    ? { state: 'sent', answer: answer.messageId.slice(0, ANSWER_MAX) }
    : { state: 'failed', answer: answer.reason.slice(0, ANSWER_MAX) };
  await db
    .insertInto('sms_log')
    .values({
      phone: message.phone,
      sign_name: settings.signName,
      template_code: message.templateCode,
      variables: JSON.stringify(message.variables),
      provider: provider.name.slice(0, 50),
      state: outcome.state,
      answer: outcome.answer,
      source: source.slice(0, 100),
      created_at: formatCst(services.now()),
    })
    .execute();
  return outcome;
}
