import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from './app.js';
import { createUser, signIn } from './factories.js';
import { createCategory, createComponent, createLocation, posted, receipt } from './stock-fixtures.js';

// Every operation of the OpenAPI document, every string field and query parameter given the values an
// outside review used to find 500s: NUL, huge, unicode edge cases, and dates with impossible and extreme
// years. Whatever the answer, it must be no 5xx.

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const STRINGS = [
  '\u0000',
  'before\u0000after',
  '\ud800',
  'x'.repeat(100_000),
  '\u202eevil\u202c 𝕏 ё 🙂 \ufeff',
  "'; drop table components; --",
  '%00',
  '',
];
const DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '275760-09-13', '-000001-01-01'];
const MONTHS = ['0000-01', '0001-01', '9999-12', '2026-13', '275760-09'];
const NUMBERS = [1e308, -1e308, 2 ** 63, -1, 0.000_001];
const NUMBER_TEXTS = ['99999999999999999999999', '-1', '1e400', 'NaN'];
/** Values that satisfy the contract's patterns (quantities, months, codes), tried in order. */
const PATTERN_CANDIDATES = ['1', '2026-01', 'RUB', 'R-1', 'x'];

const app = await buildTestApp();
const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolve(document.components?.schemas?.[name] ?? {});
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** Ids of things that exist, by the field or parameter name that refers to them. */
const known: Record<string, string> = {};

/** A plausible value of a schema: its enum's first value, known ids, and objects with their required fields. */
function sample(schema: Schema, name = ''): unknown {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives?.some((alternative) => resolve(alternative).type === 'null')) return null;
  if (alternatives?.[0]) return sample(alternatives[0], name);
  if (resolved.allOf?.[0]) return sample(resolved.allOf[0], name);
  if (Array.isArray(resolved.type) && resolved.type.includes('null')) return null;
  switch (typeOf(resolved)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(resolved.properties ?? {})) value[key] = sample(property, key);
      return value;
    }
    case 'array':
      return Array.from({ length: resolved.minItems ?? 1 }, () => sample(resolved.items ?? {}, name));
    case 'integer':
    case 'number':
      return resolved.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      if (resolved.format === 'uuid') return known[name] ?? randomUUID();
      if (resolved.format === 'date') return '2026-01-15';
      if (resolved.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (resolved.format === 'email') return 'fuzz@example.com';
      if (resolved.pattern) {
        const pattern = new RegExp(resolved.pattern);
        return PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? 'x';
      }
      return 'x'.repeat(Math.max(1, resolved.minLength ?? 1));
  }
}

/** Values to try instead of a field's plausible one. */
function mutationsOf(schema: Schema): unknown[] {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return alternatives.flatMap(mutationsOf);
  const type = typeOf(resolved);
  if (type === 'integer' || type === 'number') return NUMBERS;
  if (type !== 'string') return [];
  if (resolved.format === 'date' || resolved.format === 'date-time') return [...DATES, ...STRINGS];
  if (resolved.pattern?.includes('(0[1-9]|1[0-2])')) return [...MONTHS, ...STRINGS];
  return STRINGS;
}

/** Every string and number field of a body: its path, and the values to try there. */
function fieldsOf(schema: Schema, path: (string | number)[] = []): { path: (string | number)[]; values: unknown[] }[] {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives?.[0] && typeOf(resolve(alternatives[0])) === 'object') return fieldsOf(alternatives[0], path);
  const type = typeOf(resolved);
  if (type === 'object') {
    return Object.entries(resolved.properties ?? {}).flatMap(([key, property]) => fieldsOf(property, [...path, key]));
  }
  if (type === 'array') return fieldsOf(resolved.items ?? {}, [...path, 0]);
  const values = mutationsOf(resolved);
  return values.length > 0 ? [{ path, values }] : [];
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return value;
  target[last] = value;
  return copy;
}

let token: string;
let webhookPath: string;

beforeAll(async () => {
  const administrator = await createUser(app, { role: 'administrator', departments: ['Fuzz Department'] });
  token = (await signIn(app, administrator)).accessToken;
  const location = await createLocation(app, token, 'Fuzz shelf');
  const category = await createCategory(app, token, 'Fuzz category');
  const component = await createComponent(app, token, { categoryId: category.id });
  const movement = await posted(app, token, receipt(component.id, location.id, '5'));
  const manager = await createUser(app, { role: 'manager', departments: ['Fuzz Department'] });
  const settings = (await call(app, 'GET', '/api/sales/settings', { token })).json();
  webhookPath = settings.webhookPath;
  Object.assign(known, {
    managerId: manager.id,
    userId: manager.id,
    locationId: location.id,
    fromLocationId: location.id,
    toLocationId: location.id,
    categoryId: category.id,
    componentId: component.id,
    movementId: movement.id,
  });
});

/** Valid bodies of the operations whose fields depend on one another, so that each mutation reaches the service. */
function baselineBody(operation: string): unknown {
  switch (operation) {
    case 'POST /api/auth/login':
      return { email: 'nobody@example.com', password: 'wrong password' };
    case 'POST /api/components':
    case 'PUT /api/components/{id}':
      return {
        sku: `FUZZ-${randomUUID().slice(0, 8)}`,
        name: 'Fuzz part',
        categoryId: known.categoryId,
        manufacturer: 'Maker',
        manufacturerPartNumber: 'MPN-1',
        package: '0805',
        unit: 'pcs',
        description: 'text',
        datasheetUrl: 'https://example.com/d.pdf',
        parameters: [{ name: 'R', value: '1', unit: 'Ω' }],
        minimumStock: '1',
        defaultUnitCostMinor: 100,
      };
    case 'POST /api/movements':
      return {
        type: 'receipt',
        componentId: known.componentId,
        locationId: known.locationId,
        quantity: '1',
        unitCostMinor: 10,
        reference: 'DOC-1',
        note: 'note',
      };
    case 'PUT /api/sales/settings':
      return {
        subdomain: null,
        includedPipelineIds: [],
        paymentMethodFieldId: null,
        syncIntervalMinutes: 15,
        timeZone: 'Europe/Moscow',
        currency: 'RUB',
      };
    case 'PUT /api/sales/plans':
      return { items: [{ userId: known.managerId, month: '2026-01', amountMinor: 100_000 }] };
    case 'POST /api/sales/plans/copy':
      return { fromMonth: '2026-01', toMonth: '2026-02', overwrite: false };
    default:
      return undefined;
  }
}

/** The id a path of this operation most plausibly names. */
function pathId(path: string): string {
  if (path.startsWith('/api/components')) return known.componentId ?? randomUUID();
  if (path.startsWith('/api/locations')) return known.locationId ?? randomUUID();
  if (path.startsWith('/api/categories')) return known.categoryId ?? randomUUID();
  if (path.startsWith('/api/movements')) return known.movementId ?? randomUUID();
  return randomUUID();
}

/** A path segment; half a surrogate pair, which `encodeURIComponent` refuses, is sent as its UTF-8 bytes. */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

type Request = { method: string; url: string; query: Record<string, string>; body?: unknown; what: string };

function requestsOf(path: string, method: string, operation: Operation): Request[] {
  const parameters = operation.parameters ?? [];
  const pathValues = Object.fromEntries(
    parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, pathId(path)]),
  );
  const url = (values: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(values[name] ?? ''));
  const jsonBody = operation.requestBody?.content['application/json']?.schema;
  const body = jsonBody ? (baselineBody(`${method.toUpperCase()} ${path}`) ?? sample(jsonBody)) : undefined;
  const query = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query' && (parameter as { required?: boolean }).required)
      .map((parameter) => [parameter.name, String(sample(parameter.schema, parameter.name))]),
  );
  const base = { method: method.toUpperCase(), url: url(pathValues), query, body };
  const requests: Request[] = [{ ...base, what: 'plausible request' }];
  for (const parameter of parameters) {
    if (parameter.in === 'header') continue;
    const values = [
      ...mutationsOf(parameter.schema),
      ...(typeOf(resolve(parameter.schema)) === 'string' ? [] : NUMBER_TEXTS),
    ];
    for (const value of new Set([...values, ...STRINGS])) {
      const text = String(value);
      if (parameter.in === 'path') {
        requests.push({ ...base, url: url({ ...pathValues, [parameter.name]: text }), what: `path ${parameter.name}` });
      } else {
        requests.push({ ...base, query: { ...query, [parameter.name]: text }, what: `query ${parameter.name}` });
      }
    }
  }
  if (jsonBody) {
    for (const field of fieldsOf(jsonBody)) {
      for (const value of field.values) {
        requests.push({ ...base, body: withValue(body, field.path, value), what: `body.${field.path.join('.')}` });
      }
    }
    for (const whole of [null, [], '\u0000', 'x'.repeat(100_000)])
      requests.push({ ...base, body: whole, what: 'whole body' });
  }
  return requests;
}

function send(server: FastifyInstance, request: Request) {
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    query: request.query,
    headers: { authorization: `Bearer ${token}` },
  };
  if (request.body !== undefined) {
    options.payload = JSON.stringify(request.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return server.inject(options);
}

// Deleting and signing out go last, so the others meet the things they name.
const LAST = ['DELETE', 'POST /api/auth/logout', 'POST /api/auth/department/switch'];
// An event stream stays open until its client leaves, and takes no input but the session (live.test.ts tries it).
const STREAMS = ['/api/sales/leaderboard/events'];
const operations = Object.entries(document.paths)
  .filter(([path]) => !STREAMS.includes(path))
  .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
  .sort((a, b) => {
    const late = (entry: { path: string; method: string }) =>
      LAST.some((rule) => `${entry.method.toUpperCase()} ${entry.path}`.startsWith(rule)) ? 1 : 0;
    return late(a) - late(b);
  });

describe('every operation of the OpenAPI document', () => {
  it('has operations to try', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry] as const))(
    '%s answers hostile strings, dates and numbers without a 5xx',
    async (_name, { path, method, operation }) => {
      const failures: string[] = [];
      for (const request of requestsOf(path, method, operation)) {
        const response = await send(app, request);
        if (response.statusCode >= 500) {
          failures.push(
            `${request.what} ${JSON.stringify(request.query)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('POST /api/webhooks/amocrm/{secret} answers hostile form bodies without a 5xx', async () => {
    const event = 'leads[status][0][id]=7&leads[status][0][status_id]=142&leads[status][0][pipeline_id]=1';
    const bodies = [
      `${event}&account[id]=1`,
      ...STRINGS.map(
        (value) =>
          `${event}&leads[status][0][name]=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}&account[id]=1`,
      ),
      `${event}&leads[status][0][name]=%00&account[id]=1`,
      `${event}&leads[status][0][name]=%ED%A0%80&account[id]=1`,
      `${event}&leads[status][0][date_create]=-99999999999999&account[id]=1`,
      '%%%%',
      '',
      '='.repeat(100_000),
    ];
    const failures: string[] = [];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: webhookPath,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      if (response.statusCode >= 500)
        failures.push(`${payload.slice(0, 80)} → ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a NUL with 400 naming the field, in a body and in a query, and writes nothing', async () => {
    const created = await call(app, 'POST', '/api/components', {
      token,
      body: { sku: 'NUL-1', name: 'Resistor\u0000 1k' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'body.name', code: 'unstorable_character' }],
    });
    const list = await call(app, 'GET', '/api/components?q=NUL-1', { token });
    expect(list.json().total).toBe(0);
    const search = await call(app, 'GET', '/api/stock/export?q=%00', { token });
    expect([search.statusCode, search.json().errors[0].path]).toEqual([400, 'querystring.q']);
  });

  it('refuses year 0000 in a date filter and its export with 400', async () => {
    for (const url of ['/api/movements?from=0000-01-01', '/api/movements/export?to=0000-12-31']) {
      const response = await call(app, 'GET', url, { token });
      expect([response.statusCode, response.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const far = await call(app, 'GET', '/api/movements?from=0001-01-01&to=9999-12-31', { token });
    expect(far.statusCode).toBe(200);
  });
});
