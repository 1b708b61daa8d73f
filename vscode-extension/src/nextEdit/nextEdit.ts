/**
 * Next-edit suggestions on VS Code. After each change the user makes (not the sidecar's renders, not undo or redo), a
 * `redline/nextEdit` request goes out for the caret when the setting is on (the sidecar waits for
 * the edit to settle and drops the request at the next keystroke); the command asks at once. A
 * suggestion comes back as ghost text — VS Code is asked to show inline suggestions, which the
 * sidecar answers with it — or as a hunk shown like any proposal (the sessions' renders paint it),
 * with the hint "Tab to accept, Esc to dismiss" after it and the `redline.nextEditShown` context key
 * that gives Tab and Esc to this module. Tab jumps to a hunk the user cannot see near the caret, or
 * accepts it and asks for the next; Esc rejects it.
 */
import * as vscode from 'vscode';
import type { NextEditTrigger } from '@redline/shared-protocol';
import { stateOf, type UndoGroups } from '../edit/history';
import type { OwnEdits } from '../edit/ownEdits';
import type { RenderSent } from '../edit/renders';
import { MOST_STEPS } from '../edit/takeBack';
import { UndoStepsKey } from '../edit/undoStepsKey';
import type { Session, Sessions } from '../edit/sessions';
import type { Sidecar } from '../sidecar/connection';
import { SECTION } from '../settings/settings';
import { HINT, JUMP_HINT, hintLine, hintState, hunkPhase, tabAction, type HunkPhase } from './tab';

export const SHOWN_CONTEXT = 'redline.nextEditShown';

/** The documents the language client mirrors to the sidecar (its document selector). */
const SYNCED_SCHEMES = ['file', 'untitled'];

/** The undo-history fixes of closed sessions (renders.ts): their edits are the extension's, not the user's. */
export interface HistoryFixes {
  settled(uri: string): Promise<void>;
  isFixEdit(uri: string, version: number): boolean;
  /** Renders (renders.ts): the hint of a hunk goes out right behind the edit that brings it. */
  onRenderSent(listener: (sent: RenderSent) => void): vscode.Disposable;
}

export function registerNextEdit(sidecar: () => Sidecar, sessions: Sessions, own: OwnEdits, fixes: HistoryFixes, groups: UndoGroups, log: vscode.LogOutputChannel): vscode.Disposable[] {
  let shown: string | null = null;
  /**
   * Where the time goes between what started a request (a change, a Tab) and its hunk's hint: each step's
   * time since the start, logged at debug level once the hint is drawn (the bench reads these lines).
   */
  let timing: { start: number; steps: string[]; sessionId: string | null } | null = null;
  const mark = (step: string) => timing?.steps.push(`${step} +${Math.round(performance.now() - timing.start)} ms`);
  /** Where the caret goes once the shown hunk is accepted (the sidecar's choice: where its new text ends). */
  let caretAfter: vscode.Position | null = null;
  let asking: vscode.CancellationTokenSource | null = null;
  /** The hunk whose first render's edit is on its way to the window, its hint, key and Ctrl+Z's steps sent right behind it. */
  let ahead: Session | null = null;
  const hint = vscode.window.createTextEditorDecorationType({ after: { color: new vscode.ThemeColor('redline.nextEditHintForeground'), fontStyle: 'italic', margin: '0 0 0 3ch' } });
  const fail = (error: unknown) => void vscode.window.showErrorMessage(`Redline: ${error instanceof Error ? error.message : String(error)}`);

  /**
   * The shown hunk's session in `editor`'s document, once its proposal is in the document: a hunk is
   * rendered whole, so its hint need not wait for the sidecar's `done`, which a verdict waits for instead.
   */
  const shownIn = (editor: vscode.TextEditor | undefined): Session | undefined => {
    const session = shown === null ? undefined : sessions.get(shown);
    return session && editor && session.uri === editor.document.uri.toString() && (session.pending || session.editCount > 0) && session.marks.hunks.length > 0 ? session : undefined;
  };

  /**
   * The shown hunk, or the one whose first edit is on its way to `editor`'s document: only until that edit is in (then
   * shownIn has it), so that once its verdict's edit is in it counts as shown no more (its steps are its group's).
   */
  const shownOrSent = (editor: vscode.TextEditor | undefined): Session | undefined =>
    shownIn(editor) ?? (ahead && editor && ahead.editCount === 0 && ahead.uri === editor.document.uri.toString() && !sessions.hasEnded(ahead.id) ? ahead : undefined);

  /** Ctrl+Z's steps at the key (edit/undoStepsKey.ts): a shown hunk whose step is the newest goes with the steps under it. */
  const undoSteps = new UndoStepsKey(sessions, groups, (editor) => {
    const session = shownOrSent(editor);
    return session && { session, sent: session === ahead };
  });

  /** The document Tab accepted a hunk in and asks the next one for: the keys stay next edit's meanwhile. */
  let tabAsking: string | null = null;
  const phase = (editor: vscode.TextEditor | undefined): HunkPhase => {
    const uri = editor?.document.uri.toString();
    // The answer named it: the hunk is on its way to its document until its render is in.
    const answered = shown !== null && sessions.get(shown)?.uri === uri;
    return hunkPhase({ inDocument: shownOrSent(editor) !== undefined, answered, tabAsking: tabAsking !== null && tabAsking === uri });
  };

  /** The value last given to the context key. */
  let context = false;
  /**
   * The context key as hintState says (tab.ts), then the hint. The window takes the extension host's commands and
   * decorations in the order they are sent, so a hint drawn after the key's command is never drawn before the window
   * has the key, and Ctrl+Z's steps, sent first, are there whenever the key is.
   */
  const update = () => {
    undoSteps.update();
    const { key } = hintState(phase(vscode.window.activeTextEditor));
    if (key !== context) {
      context = key;
      void vscode.commands.executeCommand('setContext', SHOWN_CONTEXT, key);
    }
    draw();
  };

  const draw = () => {
    const editor = vscode.window.activeTextEditor;
    const session = shownIn(editor);
    for (const other of vscode.window.visibleTextEditors) if (other !== editor) other.setDecorations(hint, []);
    if (!editor) return;
    // A hunk on its way has its hint drawn with its edit (drawWithRender): left as it is until the edit is back.
    if (!session && shownOrSent(editor)) return;
    if (!session || !hintState(phase(editor)).hint) return editor.setDecorations(hint, []);
    const doc = editor.document;
    drawHint(editor, session, session.marks.hunks[0], doc.lineCount, (l) => doc.lineAt(l).text);
  };

  /** The hint after `hunk`'s lines, as `text` gives them (the document's, or those a render's edit on its way leaves). */
  const drawHint = (editor: vscode.TextEditor, session: Session, hunk: { start: number; end: number }, lineCount: number, text: (line: number) => string) => {
    if (timing?.sessionId === session.id) {
      mark('hint');
      log.debug(`next edit ${session.id}: ${timing.steps.join(', ')} (started at ${Math.round(performance.timeOrigin + timing.start)})`);
      timing = null;
    }
    const label = tabAction(hunk, editor.selection.active.line, editor.visibleRanges.map((r) => ({ start: r.start.line, end: r.end.line }))) === 'accept' ? HINT : JUMP_HINT;
    const tabSize = typeof editor.options.tabSize === 'number' ? editor.options.tabSize : 4;
    const columns = (l: number) => (l < 0 || l >= lineCount ? null : text(l).replace(/\t/g, ' '.repeat(tabSize)).length);
    const line = Math.min(hintLine(hunk, label, columns), lineCount - 1);
    editor.setDecorations(hint, [{ range: new vscode.Range(line, 0, line, text(line).length), renderOptions: { after: { contentText: label } } }]);
  };

  /**
   * A hunk's first render on its way: Ctrl+Z's steps, the key and the hint go right behind its edit, and the window draws
   * them in the frame that draws the edit, rather than once the extension host has the edit back (a round trip later,
   * and one more for the key).
   */
  const drawWithRender = ({ session, marks, linesAfter }: RenderSent) => {
    // Only a next-edit hunk's first render (its renders say what it is): an inline edit's never brings a hint.
    if (!session.nextEdit || session.editCount > 0) return;
    if (session.id !== shown) {
      // The hunk, ahead of its answer: shown from here on.
      shown = session.id;
      if (timing) timing.sessionId = session.id;
    }
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.uri.toString() !== session.uri || marks.hunks.length === 0) return;
    ahead = session;
    update();
    const lines = linesAfter();
    drawHint(editor, session, marks.hunks[0], lines.lineCount, (l) => lines.lineAt(l));
  };

  const ask = async (editor: vscode.TextEditor, trigger: NextEditTrigger) => {
    asking?.cancel();
    const source = new vscode.CancellationTokenSource();
    asking = source;
    const { line, character } = editor.selection.active;
    const document = editor.document;
    mark('asked');
    try {
      const { suggestion } = await sidecar().request('redline/nextEdit', { textDocument: { uri: document.uri.toString(), version: document.version }, position: { line, character }, trigger }, source.token);
      if (source.token.isCancellationRequested || !suggestion) return;
      mark('answered');
      if (suggestion.display === 'ghost') await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      else if (suggestion.sessionId) {
        // Its first render may come after this answer: the session is known from here on, in its document.
        if (!sessions.known(suggestion.sessionId, document.uri.toString())) return;
        shown = suggestion.sessionId;
        if (timing) timing.sessionId = suggestion.sessionId;
        caretAfter = suggestion.caret ? new vscode.Position(suggestion.caret.line, suggestion.caret.character) : null;
      }
      update();
    } catch (error) {
      if (!source.token.isCancellationRequested) throw error;
    } finally {
      if (asking === source) asking = null;
      source.dispose();
    }
  };

  /**
   * An undo took a shown hunk's step back (Ctrl+Z at the key, or VS Code's own undo): the sidecar ends it
   * as broken, which says nothing here, and its steps need no fix. A Redo may not bring its lines back.
   */
  const takenBack = (uri: string) => {
    for (const session of sessions.in(uri)) {
      if (!session.nextEdit || !session.undoOpen || session.takingBack || session.before === null) continue;
      session.takingBack = true;
      const before = stateOf(session.before);
      // Put right, its step and the fix go with the steps under it (as many as the manifest binds).
      groups.guard(uri, [...session.states].filter((state) => state !== before), session.before, Math.min(MOST_STEPS, 2 + (undoSteps.under(session) ?? 1)));
    }
  };

  const enabled = () => vscode.workspace.getConfiguration(SECTION).get<boolean>('nextEditEnabled') === true;

  return [
    hint,
    fixes.onRenderSent(drawWithRender),
    sessions.onDidChange(update),
    sessions.onDidEnd(({ session }) => {
      if (session.id === shown) shown = null;
      if (session === ahead) ahead = null;
      update();
    }),
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.window.onDidChangeTextEditorSelection(update),
    vscode.window.onDidChangeTextEditorVisibleRanges(update),
    ...undoSteps.register(),
    vscode.workspace.onDidChangeTextDocument((event) => {
      const editor = vscode.window.activeTextEditor;
      if (event.contentChanges.length > 0 && event.reason === vscode.TextDocumentChangeReason.Undo) takenBack(event.document.uri.toString());
      // Undo and redo go back to text the user had: no suggestion is asked for it (each would put lines into the undo history).
      if (event.contentChanges.length === 0 || event.reason !== undefined || !enabled() || editor?.document !== event.document) return;
      const uri = event.document.uri.toString();
      if (!SYNCED_SCHEMES.includes(event.document.uri.scheme) || own.isOwn(uri, event.document.version) || fixes.isFixEdit(uri, event.document.version)) return;
      // The caret has moved with the change once this event is over. A failure after a keystroke is
      // the sidecar's to log (a notification per keystroke would bury the editor); a command's is shown.
      // While an earlier hunk's undo steps are put right, the request waits for that: its changes would overtake it.
      timing = { start: performance.now(), steps: ['change +0 ms'], sessionId: null };
      void fixes.settled(uri).then(() =>
        setTimeout(() => {
          if (vscode.window.activeTextEditor === editor) ask(editor, 'automatic').catch(() => undefined);
        }, 0),
      );
    }),
    vscode.commands.registerCommand('redline.nextEdit', () => {
      const editor = vscode.window.activeTextEditor;
      if (editor) return ask(editor, 'invoked').catch(fail);
    }),
    vscode.commands.registerCommand('redline.nextEdit.tab', async () => {
      const editor = vscode.window.activeTextEditor;
      const session = shownIn(editor);
      if (!editor || !session) return vscode.commands.executeCommand('tab');
      const hunk = session.marks.hunks[0];
      if (tabAction(hunk, editor.selection.active.line, editor.visibleRanges.map((r) => ({ start: r.start.line, end: r.end.line }))) === 'jump') {
        const at = new vscode.Position(hunk.start, editor.document.lineAt(hunk.start).firstNonWhitespaceCharacterIndex);
        editor.selection = new vscode.Selection(at, at);
        editor.revealRange(new vscode.Range(hunk.start, 0, hunk.end, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        return update();
      }
      const caret = caretAfter;
      timing = { start: performance.now(), steps: ['Tab +0 ms'], sessionId: null };
      tabAsking = session.uri;
      try {
        // Its steps are made one when it closes (history.ts), before the next hunk is asked for.
        await sessions.whenPending(session.id);
        // A Ctrl+Z right after Tab may have taken the hunk back first: it is gone, as that Ctrl+Z wanted, and no next is asked.
        const accepted = await sidecar()
          .request('redline/inlineEdit/accept', { sessionId: session.id })
          .then(
            () => true,
            (error) => {
              if (session.takingBack || sessions.hasEnded(session.id)) return false;
              throw error;
            },
          );
        if (!accepted) return;
        mark('accepted');
        await session.merged;
        mark('history');
        if (vscode.window.activeTextEditor !== editor) return;
        // Where the accepted text ends, as the peers' Tab leaves it; the next request looks from there.
        if (caret) editor.selection = new vscode.Selection(caret, caret);
        await ask(editor, 'invoked');
      } catch (error) {
        return fail(error);
      } finally {
        tabAsking = null;
        update();
      }
    }),
    vscode.commands.registerCommand('redline.nextEdit.dismiss', async () => {
      const session = shownIn(vscode.window.activeTextEditor);
      if (!session) return;
      await sessions.whenPending(session.id);
      await sidecar()
        .request('redline/inlineEdit/reject', { sessionId: session.id })
        // A Ctrl+Z right after Esc may have taken the hunk back first: it is gone, as Esc wanted.
        .catch((error) => (session.takingBack || sessions.hasEnded(session.id) ? undefined : fail(error)));
    }),
  ];
}
