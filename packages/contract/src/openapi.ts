import { z } from 'zod';
import type { CallDefinition } from './call.js';
import { ErrorEnvelope } from './envelope.js';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // `unrepresentable: 'any'` keeps refinements and transforms from aborting the document.
  const { $schema: _ignored, ...schema } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;
  return schema;
}

function queryParameters(query: z.ZodType) {
  const schema = schemaOf(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function accessNote(call: CallDefinition): string {
  if (call.access === 'public') return 'No token needed.';
  if (call.access === 'signed-in') return 'Any signed-in user.';
  return `Roles: ${call.access.join(', ')}.`;
}

/** The reference's domains: the calls' tags, each once, in the contract's order. */
export function openApiDomains(calls: readonly CallDefinition[]): string[] {
  return [...new Set(calls.map((call) => call.tag))];
}

/**
 * The OpenAPI 3.1 document of the given calls, generated from the same schemas the server validates
 * with; `title` names a part of the API (a domain's own document) after the product's name.
 */
export function buildOpenApiDocument(calls: readonly CallDefinition[], version: string, title?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const operation: Record<string, unknown> = {
      operationId: call.id,
      summary: call.summary,
      description: accessNote(call),
      tags: [call.tag],
      security: call.access === 'public' ? [] : [{ token: [] }, { bladeAuth: [] }],
      parameters: call.query ? queryParameters(call.query) : [],
      responses: {
        '200': {
          description: call.file ? 'Success: the file' : 'Success',
          content: { [call.file?.contentType ?? 'application/json']: { schema: schemaOf(call.reply, 'output') } },
        },
        default: {
          description: 'Failure: the HTTP status and `code` name the error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    };
    if (call.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(call.body, 'input') } },
      };
    } else if (call.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
          },
        },
      };
    }
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: title ? `WS Console API: ${title}` : 'WS Console API', version },
    paths,
    components: {
      schemas: { ErrorEnvelope: schemaOf(ErrorEnvelope, 'output') },
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: '`bearer <token>`' },
      },
    },
  };
}
