/**
 * The inline-edit commands: edit the selection with an instruction, apply a code block, accept or
 * reject a hunk or everything, cancel a stream. Each asks the sidecar and lets its renders and
 * statuses do the rest; refusals come back as the sidecar's message.
 */
import * as vscode from 'vscode';
import type { Range } from '@redline/shared-protocol';
import type { Sidecar } from '../sidecar/connection';
import { hunkAt } from './marks';
import type { SaveGuard } from './saveGuard';
import type { Session, Sessions } from './sessions';

const toProtocolRange = (r: vscode.Range): Range => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });

export function registerEditCommands(sidecar: () => Sidecar, sessions: Sessions, guard: SaveGuard): vscode.Disposable[] {
  const fail = (error: unknown) => void vscode.window.showErrorMessage(`Redline: ${error instanceof Error ? error.message : String(error)}`);
  const run =
    <A extends unknown[]>(body: (...args: A) => Promise<unknown>) =>
    (...args: A) =>
      body(...args).catch(fail);

  /** The session a command without arguments means: the one under the cursor, else the editor's only one. */
  const sessionAtCursor = (editor: vscode.TextEditor, pendingOnly: boolean): Session | undefined => {
    const line = editor.selection.active.line;
    const candidates = sessions.in(editor.document.uri.toString()).filter((s) => !pendingOnly || s.pending);
    return candidates.find((s) => hunkAt(s.marks.hunks, line)) ?? (candidates.length === 1 ? candidates[0] : undefined);
  };

  const settle = (accept: boolean, scope: 'hunk' | 'all') =>
    run(async (sessionId?: string, line?: number) => {
      const editor = vscode.window.activeTextEditor;
      const session = sessionId !== undefined ? sessions.get(sessionId) : editor && sessionAtCursor(editor, true);
      if (!session) return void vscode.window.showInformationMessage('Redline: no proposal here to settle.');
      const at = scope === 'all' ? undefined : (line ?? (editor ? hunkAt(session.marks.hunks, editor.selection.active.line)?.start : undefined));
      if (scope === 'hunk' && at === undefined) return void vscode.window.showInformationMessage('Redline: put the cursor in a hunk to settle it.');
      await sidecar().request(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: session.id, ...(at === undefined ? {} : { line: at }) });
    });

  return [
    vscode.commands.registerCommand(
      'redline.inlineEdit',
      run(async () => {
        const editor = vscode.window.activeTextEditor;
        if (!editor) return;
        const instruction = await vscode.window.showInputBox({
          title: 'Redline: edit',
          prompt: editor.selection.isEmpty ? 'Instruction for the code around the cursor' : 'Instruction for the selected lines',
          placeHolder: 'e.g. add error handling',
          ignoreFocusOut: true,
        });
        if (!instruction?.trim()) return;
        await guard.starting(() =>
          sidecar().request('redline/inlineEdit/start', {
            textDocument: { uri: editor.document.uri.toString(), version: editor.document.version },
            range: toProtocolRange(editor.selection),
            instruction,
          }),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'redline.applyCodeBlock',
      run(async () => {
        const editor = vscode.window.activeTextEditor;
        if (!editor) return;
        // A selection in another visible editor (a chat answer, a scratch file) wins over the clipboard.
        const other = vscode.window.visibleTextEditors.find((e) => e !== editor && !e.selection.isEmpty);
        const snippet = other ? other.document.getText(other.selection) : await vscode.env.clipboard.readText();
        if (!snippet.trim()) return void vscode.window.showInformationMessage('Redline: select a code block in another editor or copy one first.');
        await guard.starting(() =>
          sidecar().request('redline/snippet/apply', {
            textDocument: { uri: editor.document.uri.toString(), version: editor.document.version },
            snippet,
            selection: toProtocolRange(editor.selection),
          }),
        );
      }),
    ),
    vscode.commands.registerCommand('redline.acceptHunk', settle(true, 'hunk')),
    vscode.commands.registerCommand('redline.rejectHunk', settle(false, 'hunk')),
    vscode.commands.registerCommand('redline.acceptAll', settle(true, 'all')),
    vscode.commands.registerCommand('redline.rejectAll', settle(false, 'all')),
    vscode.commands.registerCommand(
      'redline.cancel',
      run(async () => {
        const editor = vscode.window.activeTextEditor;
        const streaming = editor ? sessions.in(editor.document.uri.toString()).filter((s) => s.state === 'streaming') : sessions.all().filter((s) => s.state === 'streaming');
        await Promise.all(streaming.map((s) => sidecar().request('redline/inlineEdit/cancel', { sessionId: s.id })));
      }),
    ),
  ];
}
