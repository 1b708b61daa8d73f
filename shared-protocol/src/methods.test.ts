/**
 * The declarations and their generated copy agree: protocol.json's method table is METHODS, every
 * type a method names has a schema, and every schema belongs to some method (a type added without
 * its method, or left behind by a removed one, fails here). `npm test` also regenerates protocol.json
 * and fails when the committed file differs.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import protocol from '../protocol.json' with { type: 'json' };
import type { InlineEditStartResult, RenderParams, RenderResult, SessionStatusParams } from './redline.js';
import type { DidChangeTextDocumentParams, InitializeParams, InitializeResult } from './lsp.js';
import { METHODS, type Method, type MethodInfo, type NotificationMethod, type ParamsOf, type RequestMethod, type ResultOf } from './methods.js';

// Checked by the type check: the connection views take their types from METHODS.
expectTypeOf<ParamsOf<'initialize'>>().toEqualTypeOf<InitializeParams>();
expectTypeOf<ResultOf<'initialize'>>().toEqualTypeOf<InitializeResult>();
expectTypeOf<ResultOf<'redline/snippet/apply'>>().toEqualTypeOf<InlineEditStartResult>();
expectTypeOf<ParamsOf<'redline/applyRender'>>().toEqualTypeOf<RenderParams>();
expectTypeOf<ResultOf<'redline/applyRender'>>().toEqualTypeOf<RenderResult>();
expectTypeOf<ParamsOf<'textDocument/didChange'>>().toEqualTypeOf<DidChangeTextDocumentParams>();
expectTypeOf<RequestMethod<'serverToClient'>>().toEqualTypeOf<'redline/applyRender' | 'redline/documentText' | 'redline/formatText' | 'redline/diagnoseText'>();
expectTypeOf<NotificationMethod<'serverToClient'>>().toEqualTypeOf<'window/logMessage' | 'redline/inlineEdit/status'>();
expectTypeOf<ParamsOf<'redline/inlineEdit/status'>>().toEqualTypeOf<SessionStatusParams>();

interface Schema {
  $ref?: string;
  [key: string]: unknown;
}

const table = protocol.methods as MethodInfo[];
const definitions = protocol.definitions as Record<string, Schema>;

/** Names of the definitions `schema` refers to, directly or through other definitions. */
function referenced(schema: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) referenced(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.slice('#/definitions/'.length);
        if (!found.has(name)) {
          found.add(name);
          referenced(definitions[name], found);
        }
      } else referenced(value, found);
    }
  }
  return found;
}

describe('the method table', () => {
  it('protocol.json lists every method of METHODS, in order, with its kind and direction', () => {
    const declared = (Object.keys(METHODS) as Method[]).map((method) => ({ method, kind: METHODS[method].kind, direction: METHODS[method].direction }));
    expect(table.map(({ method, kind, direction }) => ({ method, kind, direction }))).toEqual(declared);
  });

  it('names a params type for every method and a result type exactly for requests, each with a schema', () => {
    for (const m of table) {
      expect(definitions[m.params], `${m.method} params ${m.params}`).toBeDefined();
      if (m.kind === 'request') expect(definitions[m.result!], `${m.method} result ${m.result}`).toBeDefined();
      else expect(m.result, m.method).toBeNull();
    }
  });

  it('has no schema that no method uses', () => {
    const used = new Set<string>();
    for (const m of table) for (const name of [m.params, m.result]) if (name) referenced({ $ref: `#/definitions/${name}` }, used);
    expect(Object.keys(definitions).filter((name) => !used.has(name))).toEqual([]);
  });
});
