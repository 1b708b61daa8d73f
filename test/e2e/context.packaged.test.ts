/**
 * Context through the packaged sidecar: a function that uses `returnPolicy` from another file is
 * edited, and the prompt the model server receives carries `assertCanReturn`'s signature (found
 * through the tsconfig path alias, then the value's type), the project's rules files and the
 * client's diagnostic; a completion's FIM prompt carries the same definitions in Qwen's repository
 * format. Files outside the workspace — behind `../` or a symlink — are never read: their text,
 * which an outline would show whole, never reaches the model. A folder the client adds later with
 * workspace/didChangeWorkspaceFolders is read from then on, and no longer once it is removed.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { packagedSidecar } from '../harness/packaged.js';

const POLICY = `/** Decides whether an order may be returned. */
export interface ReturnPolicy {
  /** Throws ReturnRefused when the order may not be returned. */
  assertCanReturn(command: { orderId: string; requestedBy: string }): Promise<void>;
}

export const returnPolicy: ReturnPolicy = {
  async assertCanReturn() {
    throw new Error('the body is not part of any prompt');
  },
};
`;

const CREATE_RETURN = `import { authService } from "@/services/authService";
import { returnService } from "@/services/returnService";
import { returnPolicy } from "@/returns/returnPolicy";
import { secret } from "../../../outside/secret";
import { linked } from "./linked";

export async function createReturn(request: ReturnRequest) {
  const userId = await authService.requireUserId();
  returnPolicy;
  [secret, linked];
  return await returnService.submit({
    orderId: request.orderId,
    reason: request.reason,
    requestedBy: userId,
  });
}
`;

const SECRET = 'export const secret = "OUTSIDE-THE-WORKSPACE";\nexport const linked = "OUTSIDE-THE-WORKSPACE";\n';
const STOCK = '/** Units on the shelf. */\nexport function unitsInStock(sku: string): number {\n  return 0;\n}\n';
const RULES = 'Check return policies with returnPolicy.assertCanReturn before any submit.';

let root: string;
let project: string;
let model: ModelDouble;
let client: SidecarClient;
let stderr = '';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-context-')));
  project = join(root, 'shop');
  write(join(project, 'tsconfig.json'), '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n');
  write(join(project, 'src/returns/returnPolicy.ts'), POLICY);
  write(join(project, 'src/services/authService.ts'), 'export const authService = { requireUserId: async (): Promise<string> => "u" };\n');
  write(join(project, 'src/services/returnService.ts'), 'export const returnService = { submit: async (command: object): Promise<void> => {} };\n');
  write(join(project, 'src/returns/createReturn.ts'), CREATE_RETURN);
  write(join(project, 'AGENTS.md'), `# Agents\n\n${RULES}\n`);
  write(join(project, '.redline/rules.md'), 'Money is in cents.\n');
  write(join(root, 'outside/secret.ts'), SECRET);
  write(join(root, 'store/src/stock.ts'), STOCK);
  symlinkSync(join(root, 'outside/secret.ts'), join(project, 'src/returns/linked.ts'));

  model = await startModelDouble();
  client = await packagedSidecar(
    { provider: 'ollama', endpoint: model.url, model: 'coder', completionModel: 'qwen2.5-coder:1.5b', debounceWait: 0, requestTimeoutMs: 5000 },
    (text) => (stderr += text),
    [project],
  );
});

afterAll(async () => {
  await client?.close();
  await model?.close();
});

describe('context (packaged executable)', () => {
  it('an inline edit of a function using returnPolicy sends assertCanReturn’s signature, the rules files and the diagnostics, and nothing from outside the workspace', async () => {
    const uri = pathToFileURL(join(project, 'src/returns/createReturn.ts')).href;
    const doc = await client.openDocument(uri, 'typescript', CREATE_RETURN);
    model.script({ text: CREATE_RETURN.slice(CREATE_RETURN.indexOf('export async')).replace('returnPolicy;', 'await returnPolicy.assertCanReturn({ orderId: request.orderId, requestedBy: userId });') });
    const before = model.requests.length;
    const diagnostic = { range: { start: { line: 8, character: 2 }, end: { line: 8, character: 14 } }, severity: 2 as const, source: 'ts', code: 6133, message: 'Expression statement has no effect.' };
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri, version: doc.version },
      range: { start: { line: 6, character: 0 }, end: { line: 16, character: 0 } },
      instruction: 'check that the return is allowed before submitting',
      context: { diagnostics: [diagnostic] },
    });
    await client.waitForStatus(sessionId, ['done']);
    const body = model.requests[before].body as { messages: Array<{ role: string; content: string }> };
    const [system, user] = body.messages.map((m) => m.content);

    expect(user).toContain('File: src/returns/createReturn.ts (typescript)');
    expect(user).toContain('src/returns/returnPolicy.ts:\n```typescript\nexport const returnPolicy: ReturnPolicy = {\n  async assertCanReturn() { … },\n};\n```');
    expect(user).toContain(POLICY.slice(0, POLICY.indexOf('\n\nexport const')));
    expect(user).toContain('assertCanReturn(command: { orderId: string; requestedBy: string }): Promise<void>;');
    expect(user).toContain('- warning (ts 6133) at `returnPolicy` in `returnPolicy;`: Expression statement has no effect.');
    expect(user).not.toContain('the body is not part of any prompt');
    expect(system).toContain(`From .redline/rules.md:\nMoney is in cents.\n\nFrom AGENTS.md:\n# Agents\n\n${RULES}`);
    expect(JSON.stringify(model.requests)).not.toContain('OUTSIDE-THE-WORKSPACE');

    const line = stderr.split('\n').find((l) => l.includes(`context ${sessionId}:`));
    expect(line).toMatch(/definition returnPolicy \(src\/returns\/returnPolicy\.ts\) \d+/);
    expect(line).toMatch(/definition ReturnPolicy \(src\/returns\/returnPolicy\.ts\) \d+/);
    expect(line).toMatch(/rules AGENTS\.md \d+/);
    expect(line).toMatch(/diagnostic ts 6133/);

    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
    await client.waitForStatus(sessionId);
    expect(doc.text).toBe(CREATE_RETURN);
  });

  it('a completion’s FIM prompt carries the definitions in Qwen’s repository format', async () => {
    const uri = pathToFileURL(join(project, 'src/returns/draft.ts')).href;
    const text = 'import { returnPolicy } from "@/returns/returnPolicy";\n\nexport async function draft(orderId: string) {\n  await returnPolicy.\n}\n';
    await client.openDocument(uri, 'typescript', text);
    model.script({ text: 'assertCanReturn({ orderId, requestedBy: "me" });' });
    const before = model.requests.length;
    const list = await client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri }, position: { line: 3, character: 21 }, context: { triggerKind: 1 } });
    expect(list.items[0]?.insertText).toContain('assertCanReturn');
    const { prompt } = model.requests[before].body as { prompt: string };
    expect(prompt.startsWith('<|file_sep|>src/returns/returnPolicy.ts\nexport const returnPolicy: ReturnPolicy')).toBe(true);
    expect(prompt).toContain('<|file_sep|>src/returns/returnPolicy.ts\n/** Decides whether an order may be returned. */\nexport interface ReturnPolicy {');
    expect(prompt).toContain('<|file_sep|>src/returns/draft.ts\n<|fim_prefix|>import { returnPolicy }');
    expect(prompt).not.toContain('OUTSIDE-THE-WORKSPACE');
  });

  it('a workspace folder added later is read from then on, and not once it is removed', async () => {
    const store = join(root, 'store');
    const folder = { uri: pathToFileURL(store).href, name: 'store' };
    const signature = 'export function unitsInStock(sku: string): number';
    const complete = async (name: string): Promise<string> => {
      const uri = pathToFileURL(join(store, `src/${name}.ts`)).href;
      const text = 'import { unitsInStock } from "./stock";\n\nexport const left = unitsInStock(\n';
      await client.openDocument(uri, 'typescript', text);
      model.script({ text: '"sku-1");' });
      const before = model.requests.length;
      await client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri }, position: { line: 2, character: 32 }, context: { triggerKind: 1 } });
      return (model.requests[before].body as { prompt: string }).prompt;
    };

    expect(await complete('before')).not.toContain(signature);
    await client.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [folder], removed: [] } });
    const added = await complete('added');
    expect(added).toContain(`<|file_sep|>src/stock.ts\n/** Units on the shelf. */\n${signature}`);
    expect(added).not.toContain('return 0;');
    await client.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [folder] } });
    expect(await complete('removed')).not.toContain(signature);
  });
});

describe('context from the first edit (packaged executable)', () => {
  it('an edit sent at once after start-up, before the workspace index is ready, gets the definitions of the names the file imports', async () => {
    const fresh = realpathSync(mkdtempSync(join(tmpdir(), 'redline-first-edit-')));
    const MAIN = 'import { priceOf } from "./prices";\n\nexport function total(skus: string[]) {\n  return skus.length;\n}\n';
    write(join(fresh, 'src/prices.ts'), '/** Price in cents. */\nexport function priceOf(sku: string): number {\n  return 1;\n}\n');
    write(join(fresh, 'src/main.ts'), MAIN);
    const double = await startModelDouble();
    let log = '';
    const first = await packagedSidecar({ provider: 'ollama', endpoint: double.url, model: 'coder', requestTimeoutMs: 5000 }, (text) => (log += text), [fresh]);
    try {
      const uri = pathToFileURL(join(fresh, 'src/main.ts')).href;
      const doc = await first.openDocument(uri, 'typescript', MAIN);
      double.script({ text: 'export function total(skus: string[]) {\n  return skus.reduce((sum, sku) => sum + priceOf(sku), 0);\n}\n' });
      const { sessionId } = await first.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri, version: doc.version }, range: { start: { line: 2, character: 0 }, end: { line: 5, character: 0 } }, instruction: 'sum the prices' });
      await first.waitForStatus(sessionId, ['done']);
      const user = (double.requests[0].body as { messages: Array<{ content: string }> }).messages[1].content;
      expect(user).toContain('src/prices.ts:\n```typescript\n/** Price in cents. */\nexport function priceOf(sku: string): number { … }\n```');
      const lines = log.split('\n');
      const context = lines.findIndex((l) => l.includes(`context ${sessionId}:`));
      expect(lines[context]).toMatch(/definition priceOf \(src\/prices\.ts\) \d+/);
      // The index was not ready then: its answer is not what carried the definition.
      const ready = lines.findIndex((l) => /index: \d+ files/.test(l));
      expect(ready === -1 || ready > context, log).toBe(true);
    } finally {
      await first.close();
      await double.close();
    }
  });
});

describe('file URIs of paths with #, %, spaces and non-ASCII (packaged executable)', () => {
  it('the folder and the document, sent RFC 3986-encoded or written unencoded, give the same definitions and the same path in the prompt', async () => {
    const fresh = join(realpathSync(mkdtempSync(join(tmpdir(), 'redline-uris-'))), 'C# 100% naïve');
    const MAIN = 'import { priceOf } from "./prices";\n\nexport function total(skus: string[]) {\n  return skus.map((sku) => priceOf(sku));\n}\n';
    write(join(fresh, 'src/prices.ts'), '/** Price in cents. */\nexport function priceOf(sku: string): number {\n  return 1;\n}\n');
    write(join(fresh, 'src/main.ts'), MAIN);
    const encoded = (path: string) => `file://${path.split('/').map((s) => encodeURIComponent(s)).join('/')}`;
    const unencoded = (path: string) => `file://${path}`;
    for (const form of [encoded, unencoded]) {
      const double = await startModelDouble();
      const sidecar = await packagedSidecar({ provider: 'ollama', endpoint: double.url, model: 'coder', requestTimeoutMs: 5000 });
      try {
        // The folder as the client names it, in the same form as the document.
        await sidecar.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: form(fresh), name: 'shop' }], removed: [] } });
        const uri = form(join(fresh, 'src/main.ts'));
        const doc = await sidecar.openDocument(uri, 'typescript', MAIN);
        double.script({ text: MAIN.slice(MAIN.indexOf('export')) });
        const { sessionId } = await sidecar.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri, version: doc.version }, range: { start: { line: 2, character: 0 }, end: { line: 5, character: 0 } }, instruction: 'x' });
        await sidecar.waitForStatus(sessionId, ['done', 'noChanges']);
        const user = (double.requests[0].body as { messages: Array<{ content: string }> }).messages[1].content;
        expect(user, form.name).toContain('File: src/main.ts (typescript)');
        expect(user, form.name).toContain('src/prices.ts:\n```typescript\n/** Price in cents. */\nexport function priceOf(sku: string): number { … }\n```');
      } finally {
        await sidecar.close();
        await double.close();
      }
    }
  });
});
