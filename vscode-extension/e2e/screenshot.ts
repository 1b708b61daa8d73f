/**
 * The README's picture: an inline edit pending in a real VS Code, made the way the end-to-end suite
 * drives it (code-server + chromium, the extension from its VSIX, the model-server double scripted
 * with the rewrite). Run after `npm run build`:
 *
 *   npx tsx vscode-extension/e2e/screenshot.ts    → docs/images/inline-edit.png
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startModelDouble } from '@redline/model-double';
import { REPO, VsCode, packageExtension } from './codeServer';

// Python: VS Code has no language server for it without an extension, so nothing but Redline marks the text.
const FILE = 'shop/cart.py';
const ORIGINAL = `from shop.item import Item


def total(items):
    """What the customer pays for the items in the cart."""
    result = 0
    for item in items:
        result += item.price
    return result
`;
const INSTRUCTION = 'count the quantity, round to cents, type hints';
const REWRITE = `def total(items: list[Item]) -> float:
    """What the customer pays for the items in the cart."""
    result = 0
    for item in items:
        result += item.price * item.quantity
    return round(result, 2)`;
const OUTPUT = join(REPO, 'docs', 'images', 'inline-edit.png');

/** The extension's package is CommonJS: no top-level await. */
async function main(): Promise<void> {
  const model = await startModelDouble();
  // Inline edits get the rewrite; completions (asked for as the file opens) get nothing.
  model.onRequest((req) => (req.path === '/api/chat' ? { text: REWRITE, chunkSize: 12, delayMs: 10 } : { text: '' }));
  const vscode = await VsCode.start({
    vsix: packageExtension(),
    files: { [FILE]: ORIGINAL },
    settings: {
      'redline.endpoint': model.url,
      'redline.model': 'qwen2.5-coder:7b-instruct',
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'chat.disableAIFeatures': true,
      'editor.minimap.enabled': false,
      'editor.fontSize': 15,
      'git.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'extensions.ignoreRecommendations': true,
    },
  });
  try {
    await vscode.waitForSidecar();
    await vscode.openFile(FILE);
    await vscode.selectLines(4, 6);
    await vscode.page.keyboard.press('Control+Alt+E');
    await vscode.answerInput(INSTRUCTION);
    await vscode.codeLens('Accept all').waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
    throw new Error(`no proposal (notifications: ${(await vscode.notifications()).join(' | ')}; model requests: ${model.requests.map((r) => r.path).join(', ')})`, { cause: error });
  });
    await vscode.page.keyboard.press('Control+Home');
    // Let the last paint settle before the picture.
    await vscode.page.waitForTimeout(1000);
    const editor = (await vscode.page.locator('.editor-group-container.active').first().boundingBox())!;
    mkdirSync(join(REPO, 'docs', 'images'), { recursive: true });
    await vscode.page.screenshot({ path: OUTPUT, clip: { x: editor.x, y: editor.y, width: Math.min(editor.width, 760), height: Math.min(editor.height, 356) } });
    console.log(`wrote ${OUTPUT}`);
  } finally {
    await vscode.close();
    await model.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
