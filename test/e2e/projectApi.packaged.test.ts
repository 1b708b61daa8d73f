/**
 * The project's API through the packaged sidecar, in TypeScript, Python and Java: a function that
 * imports neither the return policy nor anything naming it is edited with "check that the return
 * is allowed before submitting". The workspace index finds the policy: the prompt carries its
 * signature and doc comment. The model's reply uses it without importing it: in the file scope the
 * sidecar adds the import, in the file's own style, as a flagged hunk that accepting keeps; in the
 * selection scope a finding offers the same import as an edit. With the repair round on, a reply
 * that uses a name nothing declares is sent back once, and the second reply is what is shown.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidecarClient } from '@redline/client';
import type { EditFormatChoice, EditScope } from '@redline/shared-protocol';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { packagedSidecar } from '../harness/packaged.js';

interface Case {
  language: string;
  file: string;
  text: string;
  /** The function's rows [start, end). */
  selection: [number, number];
  /** What the model writes for the function: the check, without an import. */
  reply: string;
  /** What the prompt must carry: the API's signature and doc comment. */
  prompt: string[];
  /** The import the sidecar writes, and the row it goes to. */
  importLine: string;
  importRow: number;
}

const TS_FUNCTION = `export async function createReturn(request: ReturnRequest) {
  const userId = await authService.requireUserId();
  return await returnService.submit({ orderId: request.orderId, reason: request.reason, requestedBy: userId });
}
`;
const PY_FUNCTION = `def create_return(request):
    user_id = auth_service.require_user_id()
    return return_service.submit(order_id=request.order_id, requested_by=user_id)
`;
const JAVA_FUNCTION = `    public Receipt createReturn(ReturnRequest request) {
        String userId = auth.requireUserId();
        return returns.submit(request.orderId(), userId);
    }
`;

const WORKSPACE: Record<string, string> = {
  'shop/tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
  'shop/src/returns/returnPolicy.ts':
    '/** Decides whether an order may be returned. */\nexport interface ReturnPolicy {\n  /** Throws ReturnRefused when the order may not be returned. */\n  assertCanReturn(command: { orderId: string; requestedBy: string }): Promise<void>;\n}\n\nexport const returnPolicy: ReturnPolicy = {\n  async assertCanReturn() {},\n};\n',
  'shop/src/services/authService.ts': 'export const authService = { requireUserId: async (): Promise<string> => "u" };\n',
  'shop/src/services/returnService.ts': 'export const returnService = { submit: async (command: object): Promise<void> => {} };\n',
  'shop/src/billing/invoice.ts': '/** Totals of an order. */\nexport function invoiceTotal(lines: number[]): number {\n  return lines.reduce((a, b) => a + b, 0);\n}\n',
  'shop/shop/__init__.py': '',
  'shop/shop/returns/__init__.py': '',
  'shop/shop/returns/policy.py':
    'class ReturnPolicy:\n    def assert_can_return(self, order_id: str, requested_by: str) -> None:\n        """Raises ReturnRefused when the order may not be returned."""\n        ...\n\n\nreturn_policy = ReturnPolicy()\n"""The policy every return is checked against."""\n',
  'shop/shop/services/__init__.py': '',
  'shop/shop/services/auth.py': 'class AuthService:\n    def require_user_id(self) -> str:\n        return "u"\n\n\nauth_service = AuthService()\n',
  'shop/shop/services/returns.py': 'class ReturnService:\n    def submit(self, order_id, requested_by):\n        pass\n\n\nreturn_service = ReturnService()\n',
  'shop/src/main/java/com/shop/policy/ReturnPolicy.java':
    'package com.shop.policy;\n\n/** Decides whether an order may be returned. */\npublic class ReturnPolicy {\n    /** Throws ReturnRefused when the order may not be returned. */\n    public static void assertCanReturn(String orderId, String requestedBy) {\n    }\n}\n',
  'shop/src/main/java/com/shop/auth/Auth.java': 'package com.shop.auth;\n\npublic class Auth {\n    public String requireUserId() { return "u"; }\n}\n',
};

const CASES: Case[] = [
  {
    language: 'typescript',
    file: 'shop/src/returns/createReturn.ts',
    text: `import { authService } from "@/services/authService";\nimport { returnService } from "@/services/returnService";\n\n${TS_FUNCTION}`,
    selection: [3, 7],
    reply: TS_FUNCTION.replace('  return await', '  await returnPolicy.assertCanReturn({ orderId: request.orderId, requestedBy: userId });\n  return await'),
    prompt: ['/** Decides whether an order may be returned. */', '/** Throws ReturnRefused when the order may not be returned. */', 'assertCanReturn(command: { orderId: string; requestedBy: string }): Promise<void>;'],
    importLine: 'import { returnPolicy } from "@/returns/returnPolicy";',
    importRow: 2,
  },
  {
    language: 'python',
    file: 'shop/shop/returns/create_return.py',
    text: `from shop.services.auth import auth_service\nfrom shop.services.returns import return_service\n\n\n${PY_FUNCTION}`,
    selection: [4, 7],
    reply: PY_FUNCTION.replace('    return return_service', '    return_policy.assert_can_return(request.order_id, user_id)\n    return return_service'),
    prompt: ['def assert_can_return(self, order_id: str, requested_by: str) -> None:', '"""Raises ReturnRefused when the order may not be returned."""'],
    importLine: 'from shop.returns.policy import return_policy',
    importRow: 2,
  },
  {
    language: 'java',
    file: 'shop/src/main/java/com/shop/returns/CreateReturn.java',
    text: `package com.shop.returns;\n\nimport com.shop.auth.Auth;\n\npublic class CreateReturn {\n    private final Auth auth = new Auth();\n    private final Returns returns = new Returns();\n\n${JAVA_FUNCTION}}\n`,
    selection: [8, 12],
    reply: JAVA_FUNCTION.replace('        return returns', '        ReturnPolicy.assertCanReturn(request.orderId(), userId);\n        return returns'),
    prompt: ['/** Decides whether an order may be returned. */', '/** Throws ReturnRefused when the order may not be returned. */', 'public static void assertCanReturn(String orderId, String requestedBy) { … }'],
    importLine: 'import com.shop.policy.ReturnPolicy;',
    importRow: 3,
  },
];

let root: string;
let model: ModelDouble;
let client: SidecarClient;
let stderr = '';

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-api-')));
  for (const [path, text] of [...Object.entries(WORKSPACE), ...CASES.map((c) => [c.file, c.text])]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  model = await startModelDouble();
  client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, model: 'coder', requestTimeoutMs: 5000 }, (text) => (stderr += text), [join(root, 'shop')]);
  // The index is built in the background; its one info line says when it is ready.
  while (!/index: \d+ files/.test(stderr)) await new Promise((resolve) => setTimeout(resolve, 20));
});

afterAll(async () => {
  await client?.close();
  await model?.close();
});

/** An edit of the case's function; `reply` is scripted first unless null (the caller scripted the replies). */
async function edit(c: Case, scope: EditScope, editFormat: EditFormatChoice, reply: string | null) {
  const uri = pathToFileURL(join(root, c.file)).href;
  const doc = await client.openDocument(uri, c.language, c.text);
  if (reply !== null) model.script({ text: reply });
  const before = model.requests.length;
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
    textDocument: { uri, version: doc.version },
    range: { start: { line: c.selection[0], character: 0 }, end: { line: c.selection[1], character: 0 } },
    instruction: 'check that the return is allowed before submitting',
    scope,
    editFormat,
  });
  const status = await client.waitForStatus(sessionId, ['done']);
  const prompt = (model.requests[before].body as { messages: Array<{ content: string }> }).messages[1].content;
  return { doc, sessionId, status, prompt };
}

describe('the repair round (packaged executable)', () => {
  it('a proposal using a name nothing declares is sent back once with its problem; the second reply is shown, flagged as repaired', async () => {
    const c = CASES[0];
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { repairEnabled: true } } });
    try {
      const invented = c.reply.replace('returnPolicy.assertCanReturn', 'returnRules.verify');
      const before = model.requests.length;
      model.script({ text: invented }, { text: TS_FUNCTION.replace('  return await', '  // checked\n  return await') });
      const { doc, sessionId, status } = await edit(c, 'selection', 'replacement', null);
      expect(model.requests.length - before).toBe(2);
      const second = (model.requests[before + 1].body as { messages: Array<{ content: string }> }).messages[1].content;
      expect(second).toContain('It has these problems:\n- `returnRules` is not defined or imported.');
      expect(second).toContain('returnRules.verify');
      expect(status.warnings).toEqual([{ kind: 'repaired', message: expect.stringContaining('`returnRules` is not defined or imported.'), line: null }]);
      expect(stderr).toContain(`session ${sessionId}: asking the model once more`);
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
      await client.waitForStatus(sessionId);
      expect(doc.text).toContain('  // checked\n');
      expect(doc.text).not.toContain('returnRules');
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
    } finally {
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { repairEnabled: false } } });
    }
  });
});

describe('the project API an instruction needs (packaged executable)', () => {
  for (const c of CASES) {
    it(`${c.language}: the prompt carries the API; in the file scope the sidecar adds its import, a flagged hunk that accepting keeps`, async () => {
      const functionText = c.text.split('\n').slice(c.selection[0], c.selection[1]).join('\n') + '\n';
      const block = `${c.file.slice('shop/'.length)}\n<<<<<<< SEARCH\n${functionText}=======\n${c.reply}>>>>>>> REPLACE\n`;
      const { doc, sessionId, status, prompt } = await edit(c, 'file', 'searchReplace', block);
      for (const line of c.prompt) expect(prompt).toContain(line);
      // Ranked: the policy before anything the instruction does not ask for.
      if (prompt.includes('invoiceTotal')) expect(prompt.indexOf(c.prompt[0])).toBeLessThan(prompt.indexOf('invoiceTotal'));
      const log = stderr.split('\n').find((l) => l.includes(`context ${sessionId}:`))!;
      expect(log).toMatch(/related \S+ \(\S+\) \d+ \[words [^\]]*\]/);

      expect(status.warnings).toEqual([expect.objectContaining({ kind: 'addedImport', message: expect.stringContaining(c.importLine), line: c.importRow })]);
      expect(status.hunkCount).toBe(2);
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId });
      await client.waitForStatus(sessionId);
      const lines = c.text.split('\n');
      const replyLines = c.reply.split('\n').slice(0, -1);
      const expected = [...lines.slice(0, c.importRow), c.importLine, ...lines.slice(c.importRow, c.selection[0]), ...replyLines, ...lines.slice(c.selection[1])].join('\n');
      expect(doc.text).toBe(expected);
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
    });

    it(`${c.language}: in the selection scope a finding offers the import`, async () => {
      const { doc, sessionId, status } = await edit(c, 'selection', 'replacement', c.reply);
      const name = c.language === 'java' ? 'ReturnPolicy' : c.language === 'python' ? 'return_policy' : 'returnPolicy';
      expect(status.warnings).toEqual([
        {
          kind: 'unknownName',
          message: expect.stringMatching(new RegExp(`^\`${name}\` is not defined or imported; \`${c.importLine.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` would import it from `)),
          line: expect.any(Number),
          range: expect.any(Object),
          fix: { title: `Add ${c.importLine}`, edits: [{ range: { start: { line: c.importRow, character: 0 }, end: { line: c.importRow, character: 0 } }, newText: `${c.importLine}\n` }] },
        },
      ]);
      // The range is the name where the proposal uses it, on the finding's line.
      const { line, range } = status.warnings![0];
      expect(range!.start.line).toBe(line);
      expect(doc.text.split('\n')[line!].slice(range!.start.character, range!.end.character)).toBe(name);
      await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
      await client.waitForStatus(sessionId);
      expect(doc.text).toBe(c.text);
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
    });
  }
});
