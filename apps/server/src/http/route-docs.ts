import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeMessages, HOLDER_SESSION_MINUTES, membershipMessages, messages, rightsMessages, systemMessages, twoFactorMessages } from '@portal/shared';
import type { SessionGuard } from './guard-docs.js';

/**
 * What a route tells the API document about its answers, beside the request schemas Fastify
 * validates with. The document is all these are for: Fastify neither validates nor serializes
 * an answer through them (answers go out as the handlers made them, many as cached bytes).
 *
 *   app.get('/GetBannerList', { schema: { querystring, 'x-data': z.array(bannerDto) } }, …)
 *
 * Every answer is the envelope `{ Code, Message, Data }` with HTTP 200 (docs/api.md). Each
 * operation's document lists the codes it may answer: 400 and 500 for every call, 401, 402 and
 * 403 from its guard (guard-docs.ts), and those the route names in `x-codes`.
 */

/** The envelope codes a route may name (docs/api.md "Codes"). */
export type AnswerCode = 101 | 400 | 401 | 403 | 404 | 409 | 429 | 500 | 510 | 511 | 512;

/** A code a call answers: what it says there, and what it carries when that is more than `Data: null`. */
export interface CodeAnswer {
  message: string;
  /** Data with this code. */
  data?: z.ZodType;
  /** Fields of the envelope beside Code, Message and Data. */
  fields?: z.ZodRawShape;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Data of the successful answer (Code 200); `null` when not given. */
    'x-data'?: z.ZodType;
    /** Fields of the successful envelope beside Code, Message and Data (GetCode's Url). */
    'x-fields'?: z.ZodRawShape;
    /** The codes this call answers besides 200, 400, 500 and its guard's, in its own words. */
    'x-codes'?: Partial<Record<AnswerCode, string | CodeAnswer>>;
    /** An upload's multipart/form-data fields, `file` the upload itself (the handler reads the stream). */
    'x-multipart'?: z.ZodObject;
    /** The media type of a download: the answer is the file, and the envelope only when refused. */
    'x-file'?: string;
    /** An open call that reads a session when one comes: a member's (member-only content) or an admin's (Logout). */
    'x-optional-session'?: 'member' | 'admin';
    /** Limited per client address by a limiter the route shares (HTTP 429); `config.rateLimit` is found without it. */
    'x-rate-limited'?: boolean;
    /**
     * The permissions that see the answer's ID numbers whole; everyone else gets them masked
     * (the contract test checks both, and that every other answer holding one masks it).
     */
    'x-unmasked-for'?: readonly string[];
  }
}

/** The guards guard-docs.ts writes into the schema. */
interface GuardFacts {
  'x-admin-permissions'?: string[];
  'x-member-session'?: SessionGuard;
}

/** The codes every call may answer, and those of its guard. */
const guardCodes = {
  any: { 400: `参数不符合规则：Message 为第一条未通过的规则（如「${messages.badParameter}」）`, 500: codeMessages.default },
  admin: {
    402: `无后台会话或 API 令牌：${codeMessages[401]}`,
    403: `${codeMessages[403]}（或须先完成的一步：${systemMessages.mustChangePassword}；${twoFactorMessages.requiredByRole}）`,
  },
  member: { 401: codeMessages[401], 403: `须先完成的一步：${systemMessages.mustChangePassword}` },
  goodStanding: { 401: codeMessages[401], 403: `${membershipMessages.lapsed}（或须先完成的一步：${systemMessages.mustChangePassword}）` },
  certHolder: { 403: `无有效核验令牌：${rightsMessages.holderSessionExpired}` },
} satisfies Record<string, Partial<Record<number, string>>>;

/** Who may call, in the document's words, and the security requirement that says it. */
function sessionOf(schema: FastifySchema & GuardFacts): { security: Record<string, string[]>[]; text: string } {
  const permissions = schema['x-admin-permissions'];
  if (permissions) {
    const who = permissions.length ? `具有以下任一权限：${permissions.join('、')}` : '任何管理员均可';
    return { security: [{ adminToken: [] }, { apiToken: [] }], text: `需要后台会话（Login 的令牌）或 API 令牌；${who}。` };
  }
  switch (schema['x-member-session']) {
    case 'member':
      return { security: [{ memberToken: [] }], text: '需要会员会话（GetLoginToken 的令牌）。' };
    case 'member-in-good-standing':
      return { security: [{ memberToken: [] }], text: '需要会员会话（GetLoginToken 的令牌），且会籍有效或在宽限期内。' };
    case 'applicant':
      return { security: [{ memberToken: [] }], text: '需要会员会话，或 GetLoginToken 答 Code 510/511 时附带的申请令牌（Token）。' };
    case 'cert-holder':
      return {
        security: [{ memberToken: [] }],
        text: `需要证书持有人的核验令牌（VerifyCertHolder 的 Token，${HOLDER_SESSION_MINUTES}分钟内有效），放在请求头 token 中。`,
      };
  }
  switch (schema['x-optional-session']) {
    case 'member':
      return { security: [{}, { memberToken: [] }], text: '公开；带会员令牌时按会员作答（会员可读的内容）。' };
    case 'admin':
      return { security: [{}, { adminToken: [] }], text: '公开；带后台令牌时作用于该会话。' };
  }
  return { security: [], text: '公开，无需令牌。' };
}

/** Every code the call may answer besides 200, in order, with what it says and carries. */
function codesOf(schema: FastifySchema & GuardFacts): Map<number, CodeAnswer> {
  const said: Partial<Record<number, string | CodeAnswer>>[] = [guardCodes.any];
  if (schema['x-admin-permissions']) said.push(guardCodes.admin);
  const memberSession = schema['x-member-session'];
  if (memberSession)
    said.push(
      memberSession === 'member-in-good-standing' ? guardCodes.goodStanding : memberSession === 'cert-holder' ? guardCodes.certHolder : guardCodes.member,
    );
  said.push(schema['x-codes'] ?? {});
  const codes = new Map<number, CodeAnswer>();
  for (const answers of said) {
    for (const [code, answer] of Object.entries(answers)) {
      if (answer === undefined) continue;
      const given = typeof answer === 'string' ? { message: answer } : answer;
      const before = codes.get(Number(code));
      // A route's own reason for a code its guard also answers: both are said.
      codes.set(Number(code), before ? { ...given, message: `${before.message}；${given.message}` } : given);
    }
  }
  return new Map([...codes].sort(([a], [b]) => a - b));
}

const envelope = (code: z.ZodType, data: z.ZodType, fields: z.ZodRawShape = {}) => z.object({ Code: code, Message: z.string(), Data: data, ...fields });

/** The answer's envelope: the success (unless a file answers it) or one of the refusals. */
function answerSchema(schema: FastifySchema, codes: Map<number, CodeAnswer>): z.ZodType {
  const plain = [...codes].filter(([, a]) => !a.data && !a.fields).map(([code]) => code);
  const refusal = envelope(z.literal(plain), z.null());
  const others = [...codes].filter(([, a]) => a.data || a.fields).map(([code, a]) => envelope(z.literal(code), a.data ?? z.null(), a.fields));
  if (!schema['x-file']) others.unshift(envelope(z.literal(200), schema['x-data'] ?? z.null(), schema['x-fields']));
  return others.length ? z.union([...others, refusal]) : refusal;
}

/** The parameters a path really has: a schema shared by `/Get` and `/Get/:id` keeps only what the path names. */
function pathParams(params: unknown, url: string): unknown {
  if (!(params instanceof z.ZodObject)) return params;
  const named = Object.keys(params.shape).filter((key) => url.includes(`:${key}`));
  return named.length ? z.object(Object.fromEntries(named.map((key) => [key, params.shape[key]]))) : undefined;
}

const zodToDocument = createJsonSchemaTransform({});

type TransformInput = Parameters<typeof zodToDocument>[0];

/**
 * @fastify/swagger's transform: the zod request schemas become JSON Schema (2020-12, as OpenAPI
 * 3.1 has it), and the route's guard and x- facts become its security, description and answers.
 */
export function documentRoute(input: TransformInput & { route: RouteOptions }): ReturnType<typeof zodToDocument> {
  const schema = input.schema as (FastifySchema & GuardFacts) | undefined;
  if (!schema || schema.hide) return zodToDocument(input);
  const {
    'x-data': _data,
    'x-fields': _fields,
    'x-codes': _codes,
    'x-multipart': multipart,
    'x-file': file,
    'x-optional-session': _optional,
    'x-rate-limited': sharedLimiter,
    ...request
  } = schema;
  const codes = codesOf(schema);
  const session = sessionOf(schema);
  const rateLimited = sharedLimiter === true || Boolean((input.route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const { schema: documented } = zodToDocument({
    ...input,
    schema: {
      ...request,
      params: pathParams(request.params, input.url),
      ...(multipart && { body: multipart, consumes: ['multipart/form-data'] }),
      response: { 200: answerSchema(schema, codes) },
    },
  });
  const answer = (documented.response as Record<number, unknown>)[200];
  const said = Object.fromEntries([[200, file ? `成功：答文件（${file}）` : '成功'], ...[...codes].map(([code, a]) => [code, a.message])]);
  return {
    url: input.url,
    schema: {
      ...documented,
      description: [session.text, schema.description].filter(Boolean).join('\n\n'),
      security: session.security,
      'x-codes': said,
      ...(rateLimited && { 'x-rate-limited': true }),
      response: {
        200: {
          description: `信封 { Code, Message, Data }，业务结果在 Code 中：\n\n${Object.entries(said)
            .map(([code, text]) => `- \`${code}\` ${text}`)
            .join('\n')}`,
          content: {
            'application/json': { schema: answer },
            ...(file && { [file]: { schema: { type: 'string', format: 'binary' } } }),
          },
        },
      },
    },
  };
}
