import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeCalls, publicCalls, seedWalk, sendCall, systemCalls, type Call, type Walk } from '../../test/api-walk.js';
import { isMaskedIdNumber } from '@portal/shared';
import { createAdmin, loginAdmin } from '../../test/admin.js';
import { engines } from '../../test/harness.js';
import { roleWith } from '../../test/review.js';

/**
 * The API document against the server: every documented call is made with valid input on a
 * seeded app (test/api-walk.ts), and every answer (its HTTP status, media type, envelope and
 * Data) is checked against the document with a JSON Schema 2020-12 validator, as OpenAPI 3.1
 * has it. A call added later without its place in the walk fails here, and so does an answer
 * the document does not describe.
 */

interface Response {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, Response | undefined>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
}

const DOC = 'https://portal.invalid/openapi.json';
/** A JSON Pointer's escaping of one key. */
const pointer = (...keys: string[]) => keys.map((k) => k.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Whether a media type of the document (possibly a range: text/*, *\/*) admits the answer's. */
const admits = (documented: string, answered: string) =>
  documented === answered || documented === '*/*' || (documented.endsWith('/*') && answered.startsWith(documented.slice(0, -1)));

describe.each(engines)('the API document against the server on %s', (engine) => {
  let w: Walk;
  let doc: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    w = await seedWalk(engine);
    await w.t.app.ready();
    doc = structuredClone(w.t.app.swagger()) as unknown as Document;
    ajv.removeSchema(DOC).addSchema(doc, DOC);
    validators.clear();
  });
  afterAll(() => w.t.close());

  const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

  /** The validator of the schema at a place in the document. */
  const validatorAt = (place: string) => {
    let validate = validators.get(place);
    if (!validate) {
      validate = ajv.getSchema(`${DOC}#/${place}`);
      if (!validate) throw new Error(`no schema at ${place}`);
      validators.set(place, validate);
    }
    return validate;
  };

  /** The token an operation's security asks for: an admin's, or a member's (also where a member token is optional). */
  const tokenFor = (op: Operation) => {
    const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
    if (schemes.includes('adminToken')) return w.admin;
    if (schemes.includes('memberToken')) return w.member;
    return null;
  };

  /** Makes the call and answers what in its answer the document does not say, if anything. */
  async function check(name: string, call: Call): Promise<string[]> {
    const [method, path] = name.split(' ') as ['GET' | 'POST', string];
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) return [`${name}: not in the document`];
    const res = await sendCall(w, name, call, tokenFor(op));
    const status = String(res.statusCode);
    const documented = op.responses[status];
    if (!documented) return [`${name}: HTTP ${status} is not documented (${res.body.slice(0, 200)})`];
    const [place, response] = documented.$ref
      ? [pointer('components', 'responses', documented.$ref.split('/').pop() ?? ''), doc.components.responses[documented.$ref.split('/').pop() ?? ''] ?? {}]
      : [pointer('paths', path, method.toLowerCase(), 'responses', status), documented];
    const media =
      String(res.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    const type = Object.keys(response.content ?? {}).find((t) => admits(t, media));
    if (!type) return [`${name}: answered ${media}, the document says ${Object.keys(response.content ?? {}).join(', ')}`];
    if (type !== 'application/json') return [];
    const body = JSON.parse(res.body) as { Code: number; Message: string };
    const problems: string[] = [];
    const validate = validatorAt(`${place}/${pointer('content', type, 'schema')}`);
    if (!validate(body))
      problems.push(
        `${name}: the answer is not as documented: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 600)}\n  ${res.body.slice(0, 300)}`,
      );
    const expected = call.code ?? 200;
    if (body.Code !== expected) problems.push(`${name}: Code ${body.Code} ${body.Message}, expected ${expected}`);
    w.answers.set(name, (body as { Data?: unknown }).Data);
    return problems;
  }

  /** Walks the calls in order; answers every disagreement with the document. */
  async function walk(calls: Record<string, (w: Walk) => Call | Promise<Call>>): Promise<string[]> {
    const problems: string[] = [];
    for (const [name, make] of Object.entries(calls)) {
      // A call whose input an earlier refused call was to provide is reported, not thrown: the list shows every problem.
      const call = await Promise.resolve()
        .then(() => make(w))
        .catch((error: unknown) => String(error));
      problems.push(...(typeof call === 'string' ? [`${name}: no input (${call})`] : await check(name, call)));
    }
    return problems;
  }

  it('places every documented call in the walk, and walks nothing the document does not list', () => {
    const walked = [...Object.keys(publicCalls), ...Object.keys(backOfficeCalls), ...Object.keys(systemCalls)];
    const documented = operations();
    expect(
      documented.filter((op) => !walked.includes(op)),
      'documented but not walked (add it to test/api-walk.ts)',
    ).toEqual([]);
    expect(
      walked.filter((op) => !documented.includes(op)),
      'walked but not documented',
    ).toEqual([]);
  });

  it('answers every public and member call as the document says', async () => {
    expect(await walk(publicCalls)).toEqual([]);
  });

  it('answers every business back-office call as the document says', async () => {
    expect(await walk(backOfficeCalls)).toEqual([]);
  });

  it('answers every system back-office call as the document says', async () => {
    expect(await walk(systemCalls)).toEqual([]);
  });

  /** The success schema of an operation's answer. */
  const answerSchemaOf = (name: string) => {
    const [method, path] = name.split(' ') as [string, string];
    return doc.paths[path]?.[method.toLowerCase()]?.responses['200']?.content?.['application/json']?.schema;
  };

  it('masks every ID number it answers, whole only for the permissions an operation names (x-unmasked-for)', async () => {
    const holding = operations().filter((name) => holdsIdNumber(doc, answerSchemaOf(name)));
    // The certificate calls at least; any call added later with such a field is checked too.
    expect(holding).toEqual(
      expect.arrayContaining(['GET /api/XfWebApi/GetCertList', 'GET /api/XfSysBussiness/GetCertList', 'GET /api/XfSysBussiness/GetCertModel']),
    );
    const role = await roleWith(w.t, w.admin, '证书（打码）', ['cert:list', 'cert:score:list']);
    expect(role).toBeGreaterThan(0);
    await createAdmin(w.t, w.admin, 'contract_masked', '证书（打码）');
    const masked = await loginAdmin(w.t, 'contract_masked');
    for (const name of holding) {
      const numbers = idNumbersIn(w.answers.get(name));
      expect(numbers.length, `${name} answered no ID number to check`).toBeGreaterThan(0);
      const [method, path] = name.split(' ') as [string, string];
      const unmaskedFor = (doc.paths[path]?.[method.toLowerCase()] as { 'x-unmasked-for'?: string[] })['x-unmasked-for'];
      if (!unmaskedFor) {
        expect(
          numbers.filter((n) => n !== '' && !isMaskedIdNumber(n)),
          name,
        ).toEqual([]);
        continue;
      }
      // The walk's administrator holds every permission: whole; one without those: masked.
      expect(
        numbers.filter((n) => isMaskedIdNumber(n)),
        name,
      ).toEqual([]);
      const call = await (backOfficeCalls[name] ?? publicCalls[name] ?? systemCalls[name])!(w);
      const res = await sendCall(w, name, call, masked);
      const again = idNumbersIn((JSON.parse(res.body) as { Data: unknown }).Data);
      expect(again.length, name).toBe(numbers.length);
      expect(
        again.filter((n) => n !== '' && !isMaskedIdNumber(n)),
        name,
      ).toEqual([]);
    }
  });
});

/** A property that holds an ID number, by its name: IdNum, _idNum, idnum. */
const ID_NUMBER = /^_?id_?num$/i;

/** Whether a JSON Schema of the document has such a property anywhere (its references followed). */
function holdsIdNumber(doc: Document, schema: unknown, seen = new Set<string>()): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some((s) => holdsIdNumber(doc, s, seen));
  const { $ref, properties } = schema as { $ref?: string; properties?: Record<string, unknown> };
  if (typeof $ref === 'string') {
    if (seen.has($ref)) return false;
    seen.add($ref);
    const target = $ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    return holdsIdNumber(doc, target, seen);
  }
  if (Object.keys(properties ?? {}).some((key) => ID_NUMBER.test(key))) return true;
  return Object.values(schema).some((value) => holdsIdNumber(doc, value, seen));
}

/** The values of such properties anywhere in an answer's Data. */
function idNumbersIn(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([key, value]) => (ID_NUMBER.test(key) && typeof value === 'string' ? [value] : idNumbersIn(value)));
}
