/**
 * Checks what the sidecar receives — the params of every method and the results of its own
 * requests — against the protocol's JSON Schema with its full semantics (integers, bounds, enums,
 * required, lengths, anyOf), so a malformed message gets a clear error at the edge instead of failing
 * somewhere inside. The validators are Ajv's standalone code, generated from protocol.json with it
 * (`npm run gen:protocol`): no schema is compiled at start-up. Extra properties are allowed: LSP
 * clients routinely send fields this protocol does not use (rootUri, rangeLength, …).
 */
import protocol from '../protocol.json' with { type: 'json' };
import type { MethodInfo } from './methods.js';
import * as generated from './validators.generated.js';

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

type Validator = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

const validators = generated as unknown as Record<string, Validator | undefined>;
const methods = new Map((protocol.methods as MethodInfo[]).map((m) => [m.method, m]));

/** Null when `params` fit the method's params type (or the method is not in the table). */
export function paramsProblem(method: string, params: unknown): string | null {
  const info = methods.get(method);
  return info ? problem(info.params, params ?? {}, 'params') : null;
}

/** Null when `result` fits the result type of the request `method`. */
export function resultProblem(method: string, result: unknown): string | null {
  const info = methods.get(method);
  return info?.result ? problem(info.result, result, 'result') : null;
}

function problem(typeName: string, value: unknown, root: string): string | null {
  const validate = validators[typeName];
  if (!validate) throw new Error(`no validator for ${typeName}: run npm run gen:protocol`);
  if (validate(value)) return null;
  const errors = validate.errors ?? [];
  // Ajv lists an anyOf's branch failures before the anyOf itself, which says more about the value.
  const error = errors.find((e) => e.keyword === 'anyOf') ?? errors[0];
  return error ? describe(error, value, root) : `${root} does not fit ${typeName}`;
}

/** "at: what is wrong", naming the field as a path from `root`: `params.range.start.character is missing`. */
function describe(error: SchemaError, value: unknown, root: string): string {
  const segments = error.instancePath === '' ? [] : error.instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const at = root + segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('');
  switch (error.keyword) {
    case 'required':
      return `${at}.${String(error.params.missingProperty)} is missing`;
    case 'type': {
      const expected = ([] as unknown[]).concat(error.params.type).join(' or ');
      return `${at} must be ${expected}, not ${typeOf(valueAt(value, segments))}`;
    }
    case 'enum':
      return `${at} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${at} ${error.message ?? `fails ${error.keyword}`}`;
  }
}

function valueAt(value: unknown, segments: string[]): unknown {
  let at = value;
  for (const segment of segments) at = (at as Record<string, unknown> | undefined)?.[segment];
  return at;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fraction';
  return typeof value;
}
