import { describe, expect, it } from 'vitest';
import { definitionsOf, where } from '../projectFixture.js';
import { moduleCandidates } from './typescript.js';

const POLICY = `import type { OrderId } from '../orders/types';

/** Decides whether an order may be returned. */
export interface ReturnPolicy {
  /** Throws ReturnRefused when the order may not be returned. */
  assertCanReturn(command: { orderId: OrderId; requestedBy: string }): Promise<void>;
}

export const returnPolicy: ReturnPolicy = createPolicy();

function createPolicy(): ReturnPolicy {
  return { async assertCanReturn() { throw new Error('not yet'); } };
}
`;

const CREATE_RETURN = `import { authService } from "@/services/authService";
import { returnService } from "@/services/returnService";
import { returnPolicy } from "@/returns/returnPolicy";

export async function createReturn(request: ReturnRequest) {
  const userId = await authService.requireUserId();
  await returnPolicy.assertCanReturn({ orderId: request.orderId, requestedBy: userId });
  return await returnService.submit({ orderId: request.orderId, reason: request.reason, requestedBy: userId });
}
`;

const PROJECT = {
  'tsconfig.json': `{
    // comments and trailing commas, as tsconfig allows
    "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"], }, },
  }`,
  'src/returns/returnPolicy.ts': POLICY,
  'src/orders/types.ts': 'export type OrderId = string;\n',
  'src/services/authService.ts': 'export const authService = {\n  async requireUserId(): Promise<string> {\n    return "u";\n  },\n};\n',
  'src/services/returnService.ts': 'export class ReturnService {\n  /** Sends the command. */\n  async submit(command: ReturnCommand): Promise<Receipt> {\n    return post(command);\n  }\n  private log = [];\n}\nexport const returnService = new ReturnService();\n',
  'src/returns/createReturn.ts': CREATE_RETURN,
};

describe('TypeScript definitions', () => {
  it('follows tsconfig paths to the imported value, then its type: the interface with assertCanReturn and its doc comments', async () => {
    const items = await definitionsOf(PROJECT, 'src/returns/createReturn.ts', { startLine: 4, endLine: 9 });
    expect(where(items)).toEqual([
      'authService @ src/services/authService.ts',
      'returnPolicy @ src/returns/returnPolicy.ts',
      'returnService @ src/services/returnService.ts',
      'ReturnPolicy @ src/returns/returnPolicy.ts',
      'ReturnService @ src/services/returnService.ts',
    ]);
    const policy = items.find((i) => i.label === 'ReturnPolicy')!;
    expect(policy.text).toBe(POLICY.slice(POLICY.indexOf('/** Decides'), POLICY.indexOf('\n\nexport const')));
    expect(items.find((i) => i.label === 'returnPolicy')!.text).toBe('export const returnPolicy: ReturnPolicy = createPolicy();');
    expect(items.every((i) => i.kind === 'definition' && i.languageId === 'typescript')).toBe(true);
  });

  it('outlines a class: member signatures with their doc comments, bodies elided', async () => {
    const items = await definitionsOf(PROJECT, 'src/returns/createReturn.ts', { startLine: 4, endLine: 9 });
    expect(items.find((i) => i.label === 'ReturnService')!.text).toBe('export class ReturnService {\n  /** Sends the command. */\n  async submit(command: ReturnCommand): Promise<Receipt> { … }\n  private log = [];\n}');
    expect(items.find((i) => i.label === 'authService')!.text).toBe('export const authService = {\n  async requireUserId(): Promise<string> { … },\n};');
  });

  it('resolves relative imports with the extensions TypeScript tries, index files, namespace imports and barrels', async () => {
    const items = await definitionsOf(
      {
        'src/a.ts': "import * as util from './util.js';\nimport { Money } from './money';\nimport def from './lib';\n\nexport const x: Money = util.round(def(1));\n",
        'src/util.ts': '/** Rounds to cents. */\nexport function round(value: number): number {\n  return Math.round(value * 100) / 100;\n}\n',
        'src/money/index.ts': "export * from './money';\n",
        'src/money/money.ts': 'export type Money = { cents: number };\n',
        'src/lib.tsx': 'export default function scale(n: number): number {\n  return n * 2;\n}\n',
      },
      'src/a.ts',
      { startLine: 4, endLine: 5 },
    );
    expect(where(items)).toEqual(['Money @ src/money/money.ts', 'round @ src/util.ts', 'default @ src/lib.tsx']);
    expect(items[1].text).toBe('/** Rounds to cents. */\nexport function round(value: number): number { … }');
  });

  it('reads nothing from packages or outside the workspace', async () => {
    const items = await definitionsOf({ 'a.ts': "import { useState } from 'react';\nimport { x } from '../../../etc/x';\nuseState(x);\n" }, 'a.ts');
    expect(items).toEqual([]);
  });

  it('takes declarations of the same file outside the rows the prompt shows', async () => {
    const text = 'interface Order { id: string }\n\nfunction load(id: string): Order {\n  return { id };\n}\n\nexport const order = load("1");\n';
    const items = await definitionsOf({ 'o.ts': text }, 'o.ts', { startLine: 6, endLine: 7 });
    expect(where(items)).toEqual(['load @ o.ts', 'Order @ o.ts']);
    expect(items[0].text).toBe('function load(id: string): Order { … }');
  });

  it('looks up an instruction word that names an import the code does not use yet', async () => {
    const items = await definitionsOf(PROJECT, 'src/returns/createReturn.ts', { startLine: 5, endLine: 6, extraNames: ['returnPolicy', 'unrelated'] });
    expect(where(items)).toEqual(['authService @ src/services/authService.ts', 'returnPolicy @ src/returns/returnPolicy.ts', 'ReturnPolicy @ src/returns/returnPolicy.ts']);
  });
});

describe('moduleCandidates', () => {
  it('tries the TypeScript source of a .js specifier first, then extensions, then index files', () => {
    const candidates = moduleCandidates('/p/util.js');
    expect(candidates.slice(0, 3)).toEqual(['/p/util.ts', '/p/util.tsx', '/p/util.js']);
    expect(moduleCandidates('/p/money')).toContain('/p/money/index.ts');
  });
});
