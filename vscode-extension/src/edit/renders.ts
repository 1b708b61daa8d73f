/**
 * redline/applyRender on VS Code: the render is applied only if the document is at the render's
 * version, in one TextEditor.edit whose undo stops make the whole session one undo step (a stop
 * before the session's first edit, none in between, one after its closing edit). The answer waits
 * for the edit's didChange to be sent (see OwnEdits) and then gives the version that edit produced.
 */
import * as vscode from 'vscode';
import { TextBuffer, type RenderParams, type RenderResult, type TextEdit } from '@redline/shared-protocol';
import type { SessionMarks } from '@redline/client/src/renderedDocument.js';
import { minimalEdit } from './marks';
import { OwnEdits, editThroughEditor } from './ownEdits';
import type { CleanAfterUndo } from './cleanUndo';
import { stateOf, type UndoGroups } from './history';
import { finalWithTyping, historyFix } from './undoMerge';
import type { Painter } from './paint';
import type { Session, Sessions } from './sessions';
import { MOST_STEPS, stepsAfterEdit } from './takeBack';
import { stepsAfterVerdict } from './undoSteps';

export function documentOf(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}

export function editorOf(uri: string): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active?.document.uri.toString() === uri) return active;
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri);
}

/** How often the second edit of an undo merge is tried again after a keystroke got in first. */
const MERGE_ATTEMPTS = 20;
const MERGE_RETRY_MS = 20;

export const toRange = (r: TextEdit['range']) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

/**
 * Applies `edits` (ranges relative to the document before them) as one edit with the given undo
 * stops; when no editor shows the document (the user switched tabs mid-stream), or the one that did
 * has just closed, as a workspace edit, which VS Code makes its own undo step. `sent` runs in the
 * same turn as the editor's edit is sent (TextEditor.edit posts it to the window synchronously), so
 * what it sends arrives right behind the edit.
 */
export function applyEdits(uri: string, edits: readonly TextEdit[], undoStopBefore: boolean, undoStopAfter: boolean, sent?: () => void): Promise<boolean> {
  const editor = editorOf(uri);
  return editThroughEditor(
    editor &&
      (() => {
        const applied = editor.edit((builder) => edits.forEach((e) => builder.replace(toRange(e.range), e.newText)), { undoStopBefore, undoStopAfter });
        sent?.();
        return applied;
      }),
    () => {
      const edit = new vscode.WorkspaceEdit();
      edits.forEach((e) => edit.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText));
      return vscode.workspace.applyEdit(edit);
    },
  );
}

/** A render's edit just sent to the window: its session, the session's marks once it is applied, and the lines it leaves. */
export interface RenderSent {
  session: Session;
  marks: SessionMarks;
  linesAfter(): TextBuffer;
}

export class RenderApplier {
  /** Per document, the last of its undo-history fixes (each runs after the one before). */
  private readonly fixes = new Map<string, Promise<void>>();
  /** The fixes' own edits (undo and redo aside, which VS Code marks): the extension's, not the user's. */
  private readonly fixEdits = new OwnEdits();
  private readonly sentListeners = new Set<(sent: RenderSent) => void>();

  constructor(
    private readonly sessions: Sessions,
    private readonly own: OwnEdits,
    private readonly log: vscode.LogOutputChannel,
    private readonly painter: Painter,
    private readonly cleanUndo: CleanAfterUndo,
    private readonly groups: UndoGroups,
  ) {}

  async apply(params: RenderParams): Promise<RenderResult> {
    await this.fixes.get(params.uri);
    const doc = documentOf(params.uri);
    if (!doc) return { applied: false, version: -1 };
    if (doc.version !== params.version) return { applied: false, version: doc.version };
    const session = this.sessions.forRender(params);
    let version = params.version;
    if (params.edits.length > 0) {
      if (session && session.before === null) session.before = doc.getText();
      const undoStopBefore = params.undo.open || !session?.undoOpen;
      // The render's marks go out right behind its edit, and whatever a listener draws with them: VS Code draws all in one frame.
      const paint = session
        ? () => {
            const marks = this.sessions.marksAfter(session, params);
            this.painter.paintWith(params.uri, session, marks);
            const linesAfter = () => {
              const text = new TextBuffer(doc.getText());
              text.applyEdits(params.edits);
              return text;
            };
            // A hunk's verdict: Ctrl+Z's steps once this edit is in go right behind it, so no key meets the hunk's count on the verdict's text.
            if (this.isHunkVerdict(session, params)) this.sessions.verdictSent(session, stepsAfterVerdict(session, linesAfter().getText() !== session.before, this.groups.stepsAt(session.uri, session.before!)));
            for (const listener of this.sentListeners) listener({ session, marks, linesAfter });
          }
        : undefined;
      const result = await this.own.apply(params.uri, () => applyEdits(params.uri, params.edits, undoStopBefore, params.undo.close, paint));
      if (!result.ok) {
        // Refused: the marks painted with it go back to the session's own.
        this.painter.repaint(params.uri);
        if (session?.verdictSteps != null) this.sessions.verdictSent(session, null);
        return { applied: false, version: doc.version };
      }
      version = result.version ?? doc.version;
      if (session) {
        session.steps = stepsAfterEdit(session.steps, undoStopBefore || session.stopSince);
        session.stopSince = false;
        session.lastRenderVersion = version;
        session.states.add(stateOf(doc.getText()));
      }
      if (!(await this.own.whenSent(params.uri, version))) this.log.warn(`render of ${params.sessionId}: the change to version ${version} was not reported in time`);
    } else if (params.undo.close && session?.undoOpen) {
      // A verdict that leaves the text as it is: the key may change first, an undo lands on the same text either way.
      if (this.isHunkVerdict(session, params)) this.sessions.verdictSent(session, stepsAfterVerdict(session, doc.getText() !== session.before, this.groups.stepsAt(session.uri, session.before!)));
      await this.closeUndoStep(session);
    }
    if (session && params.edits.length > 0) session.editCount++;
    // Before the marks go (which ends the shown hunk's Ctrl+Z): its steps' group is there by then.
    if (session && params.undo.close && !session.takingBack && (session.nextEdit || session.undoSplit)) this.putHistoryRight(session, doc.getText());
    this.sessions.rendered(session, params, params.edits.length > 0);
    return { applied: true, version };
  }

  /**
   * Runs `fix` once the render's answer is out, as the extension's edits (not the user's), after the
   * document's fixes before it: no other fix and no render (which waits for the document's fixes) may
   * put a step in between a merge's two edits. `session.merged` settles with it.
   */
  private afterAnswer(session: Session, fix: () => Promise<void>): void {
    const uri = session.uri;
    const before = this.fixes.get(uri) ?? Promise.resolve();
    const done = before.then(() => new Promise<void>((resolve) => setTimeout(() => void fix().then(resolve, resolve), 0)));
    this.fixes.set(uri, done);
    session.merged = done;
    void done.then(() => {
      if (this.fixes.get(uri) === done) this.fixes.delete(uri);
    });
  }

  /** `params` closes a next-edit hunk whose steps putHistoryRight puts right: its verdict. */
  private isHunkVerdict(session: Session, params: RenderParams): boolean {
    return params.undo.close && session.nextEdit && !session.takingBack && session.before !== null && (session.editCount > 0 || params.edits.length > 0);
  }

  /** Calls `listener` in the turn each render's edit is sent, before the extension host's document has it. */
  onRenderSent(listener: (sent: RenderSent) => void): vscode.Disposable {
    this.sentListeners.add(listener);
    return new vscode.Disposable(() => this.sentListeners.delete(listener));
  }

  /** Settles once `uri`'s undo-history fixes are done (at once when none is under way). */
  settled(uri: string): Promise<void> {
    return this.fixes.get(uri) ?? Promise.resolve();
  }

  /** The change to `version` of `uri` is a fix's own edit. */
  isFixEdit(uri: string, version: number): boolean {
    return this.fixEdits.isOwn(uri, version);
  }

  /**
   * One undo step turning the document's text, as the extension host has it now, into `target`; false
   * when VS Code refused it because the window's text is newer.
   */
  private replaceText(uri: string, doc: vscode.TextDocument, target: string): Promise<boolean> {
    const edit = minimalEdit(doc.getText(), target);
    const at = (offset: number) => {
      const { line, character } = doc.positionAt(offset);
      return { line, character };
    };
    return this.fixEdits.apply(uri, () => applyEdits(uri, [{ range: { start: at(edit.start), end: at(edit.end) }, newText: edit.text }], true, true)).then((result) => result.ok);
  }

  /**
   * A closed session's undo steps as undoMerge.ts `historyFix` says: a group at once; a merge once the
   * render's answer is out (the sidecar must see its edits as changes after the session).
   */
  private putHistoryRight(session: Session, final: string): void {
    const before = session.before;
    if (before === null || session.editCount === 0) return;
    // The steps under its own (its verdict's group, made below, has not replaced theirs yet).
    const below = this.groups.stepsAt(session.uri, before);
    const fix = historyFix(session, final !== before, below);
    if (fix.kind === 'merge') this.afterAnswer(session, () => this.mergeUndoSteps(session));
    if (fix.kind === 'group') {
      // The texts its renders left (its red and green lines) may come back with a Redo through split steps,
      // also ones VS Code split unseen: put right, a dismissed hunk's two steps go with the steps under them.
      const left = [...session.states].filter((state) => state !== stateOf(final) && state !== stateOf(before));
      this.groups.guard(session.uri, left, final, final === before ? Math.min(MOST_STEPS, 2 + below) : 2);
      this.groups.add(session.uri, final, fix.steps);
      this.log.debug(`${session.id}: ${final === before ? 'dismissed' : 'accepted'}; Ctrl+Z undoes ${fix.steps} steps at once`);
    }
  }

  /** `target` as `uri`'s text, as one undo step of that document: a Redo that brought back a text no step should hold put right. */
  async putText(uri: string, target: string): Promise<boolean> {
    const doc = documentOf(uri);
    return doc !== undefined && doc.getText() !== target && (await this.replaceText(uri, doc, target));
  }

  /**
   * Makes a session whose edits VS Code split over several undo steps one step again: one edit takes
   * the document back to the text before the session and one brings the final text, each its own
   * undo step, so Ctrl+Z after the verdict undoes the second and shows the text before the command
   * (and Redo the final text). What the user typed during the session is in the final text, so it
   * goes and comes with it. Plain edits, not undo commands: nothing depends on when VS Code gets to
   * run a command. Each edit is made against the text the extension host has at that moment, and
   * VS Code refuses it when the window's text moved on (MainThreadTextEditor.applyEdits compares
   * version ids), so a keystroke between the two is never overwritten: it is replayed onto the
   * final text.
   */
  private async mergeUndoSteps(session: Session): Promise<void> {
    const doc = documentOf(session.uri);
    const before = session.before;
    if (!doc || before === null || !editorOf(session.uri)) return;
    const final = doc.getText();
    if (final === before) return;
    // Refused: the user typed since the verdict; the steps stay split and nothing was touched.
    if (!(await this.replaceText(session.uri, doc, before))) return;
    this.cleanUndo.mergedSteps(session.uri);
    for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
      const target = finalWithTyping(before, final, doc.getText());
      if (target === null) break;
      if (await this.replaceText(session.uri, doc, target)) return;
      // A keystroke the extension host has not seen yet: wait for it and replay it too.
      await new Promise((resolve) => setTimeout(resolve, MERGE_RETRY_MS));
    }
    this.log.warn(`${session.id}: what was typed while its undo steps were made one touched its change; Ctrl+Z twice brings the change back`);
  }

  /** A session that ends without a closing edit (a broken region keeps its text) still closes its undo step. */
  private async closeUndoStep(session: Session): Promise<void> {
    const editor = editorOf(session.uri);
    // No editor, or one that just closed: no open undo step to close there.
    await editThroughEditor(editor && (() => editor.edit(() => undefined, { undoStopBefore: false, undoStopAfter: true })), () => Promise.resolve(false));
  }
}
