/**
 * The inline-edit commands: edit the selection with an instruction (and again, on Retry), apply a
 * code block, accept or reject a hunk or everything, cancel a stream. Each asks the sidecar and lets
 * its renders and statuses do the rest; refusals come back as the sidecar's message. The selection a
 * session starts from is collapsed, and brought back when the session ends as it began (selection.ts).
 */
import * as vscode from 'vscode';
import type { InlineEditStartResult, Range } from '@redline/shared-protocol';
import type { Sidecar } from '../sidecar/connection';
import { stateOf, type UndoGroups } from './history';
import { hunkAt } from './marks';
import { documentOf, editorOf } from './renders';
import type { SaveGuard } from './saveGuard';
import { collapsedAt, restoresSelection, type KeptSelection } from './selection';
import type { Instruction, Session, Sessions } from './sessions';
import { takenBack } from './takeBack';

const toProtocolRange = (r: vscode.Range): Range => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });
const toSelection = ({ anchor, active }: KeptSelection) => new vscode.Selection(anchor.line, anchor.character, active.line, active.character);

/**
 * Collapses the editor's selection to a caret at its start (the instruction has been captured) and
 * returns it as it was, with the caret it became.
 */
function collapse(editor: vscode.TextEditor): { kept: KeptSelection; caret: vscode.Position } {
  const { anchor, active } = editor.selection;
  const kept = { anchor: { line: anchor.line, character: anchor.character }, active: { line: active.line, character: active.character } };
  const at = collapsedAt(kept);
  const caret = new vscode.Position(at.line, at.character);
  if (!editor.selection.isEmpty) editor.selection = new vscode.Selection(caret, caret);
  return { kept, caret };
}

export interface EditCommands {
  disposables: vscode.Disposable[];
  /** The same instruction over the same range again, in the document as it is now. */
  retry(session: Session): Promise<void>;
}

export function registerEditCommands(sidecar: () => Sidecar, sessions: Sessions, guard: SaveGuard, groups: UndoGroups): EditCommands {
  const fail = (error: unknown) => void vscode.window.showErrorMessage(`Redline: ${error instanceof Error ? error.message : String(error)}`);
  const run =
    <A extends unknown[]>(body: (...args: A) => Promise<unknown>) =>
    (...args: A) =>
      body(...args).catch(fail);

  /** The session a command without arguments means: the one under the cursor, else the editor's only one. */
  const sessionAtCursor = (editor: vscode.TextEditor, settleableOnly: boolean): Session | undefined => {
    const line = editor.selection.active.line;
    const candidates = sessions.in(editor.document.uri.toString()).filter((s) => !settleableOnly || s.settleable);
    return candidates.find((s) => hunkAt(s.marks.hunks, line)) ?? (candidates.length === 1 ? candidates[0] : undefined);
  };

  /**
   * Starts a session over `range`; the editor's selection is collapsed first and comes back at once
   * if the start is refused. `start` sends the request.
   */
  const startFrom = async (editor: vscode.TextEditor, instruction: Instruction | null, start: () => Promise<InlineEditStartResult>): Promise<void> => {
    const { kept, caret } = collapse(editor);
    let result: InlineEditStartResult;
    try {
      result = await guard.starting(start);
    } catch (error) {
      if (editor.selection.isEmpty && editor.selection.active.isEqual(caret)) editor.selection = toSelection(kept);
      throw error;
    }
    const session = sessions.known(result.sessionId, editor.document.uri.toString());
    if (!session) return;
    session.instruction = instruction;
    // A new instruction over a pending proposal keeps the first selection: its lines are the original's.
    session.selection ??= kept;
  };

  const edit = (editor: vscode.TextEditor, instruction: Instruction) =>
    startFrom(editor, instruction, () =>
      sidecar().request('redline/inlineEdit/start', {
        textDocument: { uri: editor.document.uri.toString(), version: editor.document.version },
        range: instruction.range,
        instruction: instruction.text,
      }),
    );

  const retry = async (session: Session): Promise<void> => {
    const instruction = session.instruction;
    const doc = documentOf(session.uri);
    if (!instruction || !doc) return;
    const editor = editorOf(session.uri) ?? (await vscode.window.showTextDocument(doc));
    await edit(editor, { ...instruction, attempt: (instruction.attempt ?? 1) + 1 }).catch(fail);
  };

  const settle = (accept: boolean, scope: 'hunk' | 'all') =>
    run(async (sessionId?: string, line?: number) => {
      const editor = vscode.window.activeTextEditor;
      // A lens names its session; a lens VS Code has not fetched again yet may name one a save set aside.
      const id = sessionId ?? (editor && sessionAtCursor(editor, true))?.id;
      if (id === undefined) return void vscode.window.showInformationMessage('Redline: no proposal here to settle.');
      const clicked = sessions.get(id);
      const at = scope === 'all' ? undefined : (line ?? (editor && clicked ? hunkAt(clicked.marks.hunks, editor.selection.active.line)?.start : undefined));
      if (scope === 'hunk' && at === undefined) return void vscode.window.showInformationMessage('Redline: put the cursor in a hunk to settle it.');
      // A save may be setting the proposal aside, or showing it again: the verdict goes to it once it is back.
      const session = await guard.verdictTarget(id);
      if (!session) return void vscode.window.showWarningMessage('Redline: that proposal is no longer there to settle (a save set it aside and it did not come back, or it has ended).');
      // Shown again, the proposal has the same hunks on the same lines.
      await sidecar().request(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: session.id, ...(at === undefined ? {} : { line: at }) });
    });

  /**
   * Ctrl+Z while a proposal waits comes here only in the moment before the window has the steps it undoes
   * at the key (`redline.undoSteps`, undoStepsKey.ts; an inline edit's proposal: takeBack.ts), or on a shown
   * next-edit hunk the user typed into or that shares its steps with another session. Such a hunk is
   * dismissed, and its steps stay; anything else is VS Code's own undo. No undo is run after the
   * sidecar's answer: by then it could land in whatever has the focus.
   */
  const undo = run(async () => {
    const editor = vscode.window.activeTextEditor;
    const uri = editor?.document.uri.toString();
    const session = uri === undefined ? undefined : sessions.in(uri).find((s) => s.nextEdit && s.settleable && s.before !== null);
    if (!editor || !session || editor.document.version !== session.lastRenderVersion) return void (await vscode.commands.executeCommand('undo'));
    await sessions.whenPending(session.id);
    await sidecar().request('redline/inlineEdit/reject', { sessionId: session.id });
  });

  /**
   * An undo while an inline edit's proposal waits (Ctrl+Z at the key, or VS Code's own): the sidecar ends
   * the session as broken. Once it has, the text says what the undos did (takeBack.ts `takenBack`).
   */
  const undone = vscode.workspace.onDidChangeTextDocument((event) => {
    if (event.contentChanges.length === 0 || event.reason !== vscode.TextDocumentChangeReason.Undo) return;
    for (const session of sessions.in(event.document.uri.toString())) if (!session.nextEdit && session.settleable && session.before !== null) session.takingBack = true;
  });
  const tookBack = sessions.onDidEnd(({ session, state }) => {
    const doc = documentOf(session.uri);
    const before = session.before;
    if (session.nextEdit || !session.takingBack || state !== 'broken' || !doc || before === null) return;
    const outcome = takenBack(doc.getText(), before, (text) => session.states.has(stateOf(text)));
    // A Redo of its steps is put right to the text before it: with that step, the edit and the step before go as one Ctrl+Z.
    groups.guard(session.uri, [...session.states].filter((state) => state !== stateOf(before)), before, 3);
    if (outcome === 'past') return void vscode.window.showWarningMessage('Redline: Undo took the proposal back, and the change you made before it too (VS Code had joined their steps); Redo brings that change back.');
    if (outcome === 'short') void groups.put(session.uri, before);
    void vscode.window.showWarningMessage('Redline: Undo took the proposal back: the code is as it was before the edit.');
  });
  /** A session that ended as it began gives its selection back, if the user did nothing meanwhile. */
  const ended = sessions.onDidEnd(({ session, state }) => {
    const editor = editorOf(session.uri);
    if (!session.selection || !editor) return;
    const documentUnchanged = session.before === null || editor.document.getText() === session.before;
    if (restoresSelection({ state, documentUnchanged, userActed: session.userMoved || session.userEdits > 0 })) editor.selection = toSelection(session.selection);
  });

  const disposables = [
    ended,
    undone,
    tookBack,
    vscode.commands.registerCommand(
      'redline.inlineEdit',
      run(async () => {
        const editor = vscode.window.activeTextEditor;
        if (!editor) return;
        const text = await vscode.window.showInputBox({
          title: 'Redline: edit',
          prompt: editor.selection.isEmpty ? 'Instruction for the code around the cursor' : 'Instruction for the selected lines',
          placeHolder: 'e.g. add error handling',
          ignoreFocusOut: true,
        });
        if (!text?.trim()) return;
        await edit(editor, { text, range: toProtocolRange(editor.selection) });
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
        const selection = toProtocolRange(editor.selection);
        await startFrom(editor, null, () =>
          sidecar().request('redline/snippet/apply', { textDocument: { uri: editor.document.uri.toString(), version: editor.document.version }, snippet, selection }),
        );
      }),
    ),
    vscode.commands.registerCommand('redline.undo', undo),
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
  return { disposables, retry };
}
