import { z } from 'zod';
import { messages } from '../messages/index.js';
import { mobilePattern, optionalParam, optionalText, pagingQuery } from './common.js';

/**
 * 短信 (features/sms): what a Chinese SMS provider needs of every message — the signature the
 * provider approved (签名, shown as 【签名】), the code of an approved template (模板编号) and the
 * template's variables — a log of every attempt, and nothing sent until a provider is installed.
 * No provider ships with the product; docs/sms.md says how one is plugged in.
 */

export const smsLimits = { signNameMin: 2, signNameMax: 12, templateCode: 50, variables: 10, variableName: 30, variableValue: 100 } as const;

export const smsMessages = {
  notConfigured: '短信服务未配置：本系统未内置短信服务商，请先接入服务商并填写短信签名',
  noProvider: '未接入短信服务商，不能启用短信',
  signNameRequired: '启用短信前请填写短信签名',
  signNameInvalid: `短信签名应为${smsLimits.signNameMin}-${smsLimits.signNameMax}个字，不含【】`,
  phoneInvalid: '请输入正确的手机号码',
  templateCodeInvalid: `模板编号应为1-${smsLimits.templateCode}位字母、数字、下划线或短横线`,
  variablesInvalid: `模板变量最多${smsLimits.variables}个，变量名为字母、数字或下划线（不超过${smsLimits.variableName}位），值不超过${smsLimits.variableValue}字`,
  sent: '短信已提交服务商',
  failed: (reason: string) => `短信发送失败：${reason}`,
} as const;

/** What happened to one message: handed to the provider and accepted, or refused by it (or it did not answer). */
export const smsStates = ['sent', 'failed'] as const;
export type SmsState = (typeof smsStates)[number];
export const smsStateNames: Record<SmsState, string> = { sent: '已提交', failed: '失败' };

const signName = z
  .string({ error: smsMessages.signNameInvalid })
  .trim()
  .refine((v) => v === '' || (v.length >= smsLimits.signNameMin && v.length <= smsLimits.signNameMax && !/[【】\s]/.test(v)), {
    error: smsMessages.signNameInvalid,
  });

/** 短信设置: the signature, and whether messages go out; a field left out keeps its stored value. */
export const saveSmsSettingsBody = z.object({
  SignName: signName.optional(),
  Enabled: z.boolean({ error: messages.badParameter }).optional(),
});

const variables = z
  .record(
    z.string().regex(new RegExp(`^[A-Za-z0-9_]{1,${smsLimits.variableName}}$`), { error: smsMessages.variablesInvalid }),
    z.string({ error: smsMessages.variablesInvalid }).max(smsLimits.variableValue, { error: smsMessages.variablesInvalid }),
    { error: smsMessages.variablesInvalid },
  )
  .refine((v) => Object.keys(v).length <= smsLimits.variables, { error: smsMessages.variablesInvalid })
  .default({});

/** A test message to one phone, with a template the provider approved and its variables. */
export const sendTestSmsBody = z.object({
  Phone: z.string({ error: smsMessages.phoneInvalid }).trim().regex(mobilePattern, { error: smsMessages.phoneInvalid }),
  TemplateCode: z
    .string({ error: smsMessages.templateCodeInvalid })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{1,${smsLimits.templateCode}}$`), { error: smsMessages.templateCodeInvalid }),
  Variables: variables,
});
export type SendTestSmsBody = z.infer<typeof sendTestSmsBody>;

export const smsLogQuery = pagingQuery.extend({
  state: optionalParam(z.enum(smsStates, { error: messages.badParameter })),
  phone: optionalText('手机号码', 11),
});
