import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { codeMessages, messages } from '@portal/shared';
import type { Config } from '../config.js';
import type { App } from './app-types.js';
import { documentRoute } from './route-docs.js';

/**
 * The API reference at /api/docs (OpenAPI 3.1): generated from the zod schemas the routes
 * validate with and the answer shapes they name (route-docs.ts), so it says what the server
 * does. The contract test (api-contract.test.ts) calls every operation and checks each answer
 * against it.
 */

type Json = Record<string, unknown>;
type Operation = Json & { tags?: string[]; 'x-rate-limited'?: boolean; responses: Json };
type Document = Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Json; responses?: Json } };

const tagDescriptions: Record<string, string> = {
  public: '公共站点：栏目、文章、推荐位、轮播图、友情链接、类型、访问量、站点信息',
  members: '会员：登录、资料与密码、入会申请、建议留言、会籍、会员名录、电子会员证',
  contributions: '会员投稿',
  certificates: '证书与成绩的公开查询与下载',
  activities: '会员的活动通知与报名',
  system: '后台系统：验证码与登录、二次验证、菜单、角色、管理员、审计与登录日志、在线会话、工作台、API 令牌',
  'content-admin': '后台内容：栏目、文章（历史版本、自动保存、预览）、推荐位、轮播图、友情链接、类型、上传与媒体库、哀悼日',
  'contributions (back office)': '后台投稿审核与敏感词',
  review: '三审：审核流程、待审稿件、审批单、管理员通知',
  'certificates (back office)': '后台证书与考试成绩：查询、编辑、导入导出、证书图片',
  'activities (back office)': '后台活动通知：编辑、发布、名单、导出、重发',
  elections: '理事会换届选举：会员提名与投票、公布的计票结果与选票哈希、回执核对',
  'elections (back office)': '后台换届选举：规则、候选人、选民名单、关闭计票与核验',
  forms: '表单、问卷与投票：题目、验证码、附件上传、提交、本人的提交记录、公开的结果',
  'forms (back office)': '后台表单与问卷：题目与设置、复制、开关、结果汇总与筛选、文本回答、提交记录、导出',
  inbox: '站内信：会员收到的协会消息、未读数、标为已读',
  messages: '在线留言：类别与要求、验证码、附件、提交与查询码、凭查询码查询与评价、会员自己的留言、公开的问答',
  'messages (back office)': '后台在线留言：办理列表与详情、分派、转办、不予受理、内部备注、答复、公开、类别与部门、设置、统计与导出',
  privacy: '隐私与授权：会员提交表单时同意的隐私政策版本与撤回',
  mailings: '会员通知：一键退订（RFC 8058）、会员各类通知的接收设置',
  'mailings (back office)': '后台会员通知：通知模板与变量、群发通知草稿、发送范围统计、预览、测试发送、立即或定时发送、发送设置、发送记录与导出',
  'sms (back office)': '后台短信：已接入的服务商（本系统不内置）、短信签名与启用、测试发送、短信记录',
  statistics: '访问统计：浏览器在站内跳转后报告的页面浏览（不用 Cookie，不存个人信息）',
  'statistics (back office)': '后台访问统计：浏览量与访客、趋势、热门文章与栏目、来源、站内搜索词、设备、浏览器、地区、机器人，及各表导出',
  'inspection (back office)':
    '后台网站检查：栏目更新（超期与空栏目、首页更新、各栏目的更新周期）及导出；可用性监测（首页与列表页的定时检测、可用率、立即检测）',
  'members (back office)': '后台会员：会员、入会审核、审核记录、建议留言、会员等级与会费、会籍、导入、会员证',
};

/** A transport refusal: the HTTP status says it, the envelope carries the same code and words. */
const transportRefusal = (code: number, description: string, message: string, retryAfter = false): Json => ({
  description,
  ...(retryAfter && { headers: { 'Retry-After': { description: '多少秒后再试', schema: { type: 'integer' } } } }),
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { Code: { const: code }, Message: { type: 'string' }, Data: { type: 'null' } },
        required: ['Code', 'Message', 'Data'],
      },
      example: { Code: code, Message: message, Data: null },
    },
  },
});

const transportResponses = {
  Malformed: transportRefusal(400, '请求体无法读取（不是合法的 JSON 或 multipart）', messages.badParameter),
  TooLarge: transportRefusal(413, '请求体或上传的文件过大', messages.payloadTooLarge),
  TooMany: transportRefusal(429, '本地址请求过于频繁（按地址限流）', messages.tooManyRequests, true),
  HeadersTooLarge: transportRefusal(431, '请求地址或请求头超过 16 KB', messages.requestTooLong),
  Unavailable: transportRefusal(503, '数据库暂不可用（故障或维护）', codeMessages[503], true),
};

/** The transport refusals an operation may meet, by HTTP status. */
function transportsOf(method: string, op: Operation): Record<string, keyof typeof transportResponses> {
  return {
    ...(method === 'post' && { 400: 'Malformed', 413: 'TooLarge' }),
    ...(op['x-rate-limited'] && { 429: 'TooMany' }),
    431: 'HeadersTooLarge',
    503: 'Unavailable',
  };
}

/** zod states the bounds of a safe integer on every int; they say nothing a reader needs. */
function withoutSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withoutSafeIntegerBounds);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  Object.values(schema).forEach(withoutSafeIntegerBounds);
}

/** The named answer shapes (shared dto modules, `.meta({ id })`), as the operations' $refs name them. */
function namedSchemas(): Json {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]));
}

/** A name for each operation: the path's segments after /api/, and the method where a path has two. */
function operationId(path: string, method: string, methods: number): string {
  const name = path
    .replace(/^\/api\//, '')
    .replace(/[{}]/g, '')
    .replaceAll('/', '_');
  return methods > 1 ? `${name}_${method}` : name;
}

/** @fastify/swagger's transformObject: what the whole document has beyond its operations. */
const completeDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) throw new Error('the API document is OpenAPI 3');
  const doc = documentObject.openapiObject as Document;
  const tags = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    const count = Object.keys(methods).length;
    for (const [method, op] of Object.entries(methods)) {
      op.operationId = operationId(path, method, count);
      op.tags?.forEach((tag) => tags.add(tag));
      for (const [status, name] of Object.entries(transportsOf(method, op))) op.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  doc.tags = [...tags].map((name) => ({ name, description: tagDescriptions[name] }));
  doc.components = { ...doc.components, schemas: { ...doc.components.schemas, ...namedSchemas() }, responses: transportResponses };
  withoutSafeIntegerBounds(doc);
  return doc;
};

/** Every `$ref` below a node. */
function refsIn(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, into));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value);
      else refsIn(value, into);
    }
  }
  return into;
}

/** The document with only the public and member calls, and the shapes, answers and tags they use. */
export function publicCallsOnly(spec: Readonly<Json>): Json {
  const doc = spec as Document;
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/XfWebApi/')));
  const used = refsIn(paths, new Set());
  // Shapes name shapes: follow the refs until no new one turns up.
  for (let before = 0; before !== used.size;) {
    before = used.size;
    for (const ref of [...used]) refsIn((doc.components.schemas ?? {})[ref.split('/').pop() ?? ''], used);
  }
  const keep = (kind: 'schemas' | 'responses') =>
    Object.fromEntries(Object.entries(doc.components[kind] ?? {}).filter(([name]) => used.has(`#/components/${kind}/${name}`)));
  const tags = new Set(Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags ?? [])));
  return {
    ...doc,
    paths,
    tags: (doc.tags as { name: string }[]).filter((tag) => tags.has(tag.name)),
    components: { ...doc.components, schemas: keep('schemas'), responses: keep('responses') },
  };
}

/** The document (always: the route guard test reads it) and, unless API_DOCS=off, its pages at /api/docs. */
export async function registerApiDocs(app: App, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '协会门户 API',
        description: [
          '公共站点、会员中心与后台管理的全部接口。',
          '每个接口都答信封 `{ Code, Message, Data }`：业务结果（成功、参数错误、无会话、无权限……）一律 HTTP 200，以 Code 区分；列表的 Data 为 `{ List, TotalCount }`。只有传输层的拒绝用 HTTP 状态码（请求体无法读取 400、过大 413、限流 429、请求头过长 431、数据库不可用 503），它们同样带信封。',
          '参数名不区分大小写；空值视为未传。时间为中国标准时间 `yyyy-MM-dd HH:mm:ss`。',
        ].join('\n\n'),
        version: '1.0.0',
        contact: { name: config.site.name, email: config.site.email },
      },
      servers: [{ url: '/', description: '本站' }],
      components: {
        securitySchemes: {
          memberToken: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: '会员令牌：GetLoginToken 的 Data（入会申请人：Code 510/511 时附带的 Token）。也可放在 Authorization: Bearer 之后。',
          },
          adminToken: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: '后台会话令牌：Login（或 LoginTotp）的 Data。也可放在 Authorization: Bearer 之后。会员令牌打不开后台接口（Code 402）。',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'API 令牌：SaveApiToken 生成，以其角色的权限调用后台接口，每次调用记入审计日志。也可放在 header token 中。',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: completeDocument,
  });
  if (config.apiDocs !== 'off') {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // 'public' leaves the back office out of the served document (the guards hold either way).
      transformSpecification: config.apiDocs === 'public' ? publicCallsOnly : undefined,
      transformSpecificationClone: true,
    });
  }
}
