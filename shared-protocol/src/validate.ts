/**
 * Checks incoming params against the generated JSON Schema (protocol.json), so a malformed message
 * gets a clear error at the edge instead of failing somewhere inside. Lenient on extra properties:
 * LSP clients routinely send fields this protocol does not use (rootUri, rangeLength, …).
 */
import protocol from '../protocol.json' with { type: 'json' };
import type { MethodInfo } from './methods.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
}

const definitions = protocol.definitions as unknown as Record<string, Schema>;
const methods = new Map((protocol.methods as MethodInfo[]).map((m) => [m.method, m]));

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The first problem found, as "at: what is wrong", or null when the value fits the schema. */
function check(schema: Schema, value: unknown, at: string): string | null {
  if (schema.$ref) return check(definitions[schema.$ref.slice('#/definitions/'.length)], value, at);
  if ('const' in schema && value !== schema.const) return `${at} must be ${JSON.stringify(schema.const)}`;
  if (schema.enum && !schema.enum.includes(value)) return `${at} must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'number' && types.includes('integer'))) return `${at} must be ${types.join(' or ')}, not ${actual}`;
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (object[key] === undefined) return `${at}.${key} is missing`;
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (object[key] === undefined) continue;
      const problem = check(sub, object[key], `${at}.${key}`);
      if (problem) return problem;
    }
  }
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const problem = check(schema.items, value[i], `${at}[${i}]`);
      if (problem) return problem;
    }
  }
  return null;
}

/** Null when `params` fit the method's params type (or the method is not in the table). */
export function paramsProblem(method: string, params: unknown): string | null {
  const info = methods.get(method);
  if (!info) return null;
  return check(definitions[info.params], params ?? {}, 'params');
}
