import { z } from 'zod';
import { allCalls, errorKeys, SIGNING_ALGORITHM, type CallDef } from '@atrium/contracts';

type Json = Record<string, unknown>;

/**
 * Builds the OpenAPI 3.1 document from the contracts' calls and zod schemas (never a hand-written copy).
 * Nested definitions zod emits under `$defs` are lifted into `components.schemas` so every `$ref`
 * resolves from the document root.
 */
export function buildOpenApi(calls: CallDef[] = allCalls): Json {
  const components: Record<string, unknown> = {};
  let counter = 0;

  function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Json;
    delete json.$schema;
    const defs = json.$defs as Record<string, unknown> | undefined;
    if (!defs) return json;
    delete json.$defs;
    const prefix = `S${++counter}_`;
    let text = JSON.stringify(json);
    let defsText = JSON.stringify(defs);
    for (const name of Object.keys(defs)) {
      const from = `"#/$defs/${name}"`;
      const to = `"#/components/schemas/${prefix}${name}"`;
      text = text.split(from).join(to);
      defsText = defsText.split(from).join(to);
    }
    for (const [name, def] of Object.entries(JSON.parse(defsText) as Record<string, unknown>)) components[`${prefix}${name}`] = def;
    return JSON.parse(text) as Json;
  }

  function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
    if (!schema) return [];
    const json = schemaOf(schema, 'input');
    const props = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries(props).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }));
  }

  const envelope = (data: Json): Json => ({
    type: 'object',
    required: ['status', 'code', 'message', 'data', 'traceId'],
    properties: { status: { const: 'success' }, code: { const: 0 }, message: { type: 'string' }, data, traceId: { type: 'string' } },
  });
  const errorRef = { $ref: '#/components/schemas/ErrorEnvelope' };
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

  const paths: Record<string, Record<string, Json>> = {};
  for (const call of calls) {
    const path = call.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op: Json = {
      operationId: call.id,
      summary: call.summary,
      'x-access': call.access,
      ...(call.permission ? { 'x-permission': call.permission } : {}),
      parameters: [...parameters(call.params, 'path'), ...parameters(call.query, 'query')],
    };
    if (call.access !== 'public') op.security = [{ accessToken: [] }];
    if (call.requestKind === 'multipart') {
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      };
    } else if (call.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(call.body, 'input') } } };
    }
    const kind = call.responseKind ?? 'json';
    const ok =
      kind === 'csv' || kind === 'file'
        ? { description: 'CSV (UTF-8 with BOM) or, when `format=xlsx` is asked, an XLSX workbook', content: { 'text/csv': { schema: { type: 'string' } }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } } }
        : kind === 'text'
          ? { description: 'Raw document', content: { 'application/json': { schema: {} } } }
          : { description: 'Success envelope', content: { 'application/json': { schema: envelope(call.response ? schemaOf(call.response, 'output') : {}) } } };
    const responses: Json = { '200': ok, '400': errorResponse('VALIDATION_FAILED, SIGNATURE_INVALID, REQUEST_EXPIRED, REPLAYED and call-specific errors') };
    if (call.access !== 'public') responses['401'] = errorResponse('AUTH_REQUIRED or SESSION_EXPIRED');
    if (call.permission) responses['403'] = errorResponse(`FORBIDDEN: the active role lacks ${call.permission}; PASSWORD_CHANGE_REQUIRED`);
    else if (call.access !== 'public') responses['403'] = errorResponse('PASSWORD_CHANGE_REQUIRED: a one-time password must be changed first');
    responses['500'] = errorResponse('INTERNAL (no details)');
    op.responses = responses;
    (paths[path] ??= {})[call.method.toLowerCase()] = op;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Atrium API',
      version: '1.0.0',
      description:
        `Every /api/* and /auth/* call (except GET /api/client-config and this document) is signed with ${SIGNING_ALGORITHM}: ` +
        'headers X-Date, X-Fingerprint, X-Nonce and Authorization, see docs/http-contract.md (Signing). ' +
        'Answers use the envelope { status, code, message, data, traceId }; messages follow Accept-Language (zh-CN, en-US).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Access-Token' } },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['status', 'code', 'message', 'data', 'traceId'],
          properties: {
            status: { const: 'error' },
            code: { type: 'integer' },
            message: { type: 'string' },
            data: {
              type: 'object',
              required: ['error'],
              properties: {
                error: { type: 'string', enum: errorKeys },
                details: { oneOf: [{ type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } }, { type: 'object' }] },
              },
            },
            traceId: { type: 'string' },
          },
        },
        ...components,
      },
    },
  };
}
