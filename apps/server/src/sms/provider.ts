import { pathToFileURL } from 'node:url';

/**
 * The SMS provider: the one thing the product needs of 阿里云短信, 腾讯云短信 or any other —
 * send one message made of an approved signature, an approved template's code and its variables,
 * and say whether it was accepted. None ships with the product: an association has its own
 * account, keys and approved templates with one provider, so a deployment writes a small module
 * that calls it and names it in SMS_PROVIDER_MODULE (docs/sms.md). Without one, nothing claims to
 * send: every SMS call answers 短信服务未配置.
 */

export interface SmsMessage {
  /** Mainland mobile number, 11 digits. */
  phone: string;
  /** 短信签名 as the provider approved it, without 【】. */
  signName: string;
  /** The provider's code of an approved template. */
  templateCode: string;
  /** The template's variables by name. */
  variables: Record<string, string>;
}

/** Accepted (with the provider's id of the message) or refused (with its reason). */
export type SmsAnswer = { accepted: true; messageId: string } | { accepted: false; reason: string };

export interface SmsProvider {
  /** What the back office shows, e.g. 阿里云短信. */
  name: string;
  send(message: SmsMessage): Promise<SmsAnswer>;
}

function isProvider(value: unknown): value is SmsProvider {
  const p = value as Partial<SmsProvider> | null;
  return typeof p?.name === 'string' && p.name.trim() !== '' && typeof p.send === 'function';
}

/**
 * The provider SMS_PROVIDER_MODULE exports as its default, or null without one. A module that
 * cannot be loaded or exports something else stops the start: a deployment that meant to send
 * SMS learns it at once, not from a member who got nothing.
 */
export async function loadSmsProvider(modulePath: string | undefined): Promise<SmsProvider | null> {
  if (!modulePath) return null;
  const loaded = (await import(pathToFileURL(modulePath).href)) as { default?: unknown };
  if (!isProvider(loaded.default)) throw new Error(`SMS_PROVIDER_MODULE ${modulePath} must export default { name: string, send(message) }`);
  return loaded.default;
}
