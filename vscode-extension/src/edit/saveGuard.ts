/**
 * A pending proposal never reaches disk. VS Code cannot veto a save (explicit, or auto-save after a
 * delay or on focus change), but a will-save listener may change the document before it is written:
 *
 * - a pending proposal is set aside: its proposed side is noted, "reject all" puts the baseline in
 *   the document, the file is written, and after the save the noted proposal is shown again over the
 *   same lines (redline/snippet/apply), with the same hunks. A save that comes while it is being
 *   shown again (auto-save on focus change saves on the editor's blur and again on the editor
 *   change, a moment later) sets that one aside too, though the sidecar has not said `done` yet;
 * - a streaming proposal is cancelled (the baseline is restored) and the user is told: there is no
 *   complete proposal to show again.
 *
 * The save then writes exactly the text the document had before the session (plus verdicts already
 * given). Each set-aside ends the session's undo step and the shown-again proposal opens a new one.
 *
 * Auto-save `afterDelay` would save again right after every showing-again (that is a change too),
 * so while a proposal is live it is paused instead: the user's `files.autoSave` is set to `off` before
 * the request that starts a session is sent (its first render may come a moment later, and a save
 * after it would stop the stream) and put back when the last proposal is settled or the start was
 * refused (and at the next start, should the window have died).
 * Only a user-level value is paused; a workspace's own `afterDelay` is left alone (its file is the
 * project's), and the set-aside above still keeps the proposal off disk.
 */
import * as vscode from 'vscode';
import type { Sidecar } from '../sidecar/connection';
import { saveStep, type SetAside } from './marks';
import type { KeptSelection } from './selection';
import type { Session, Sessions } from './sessions';

/** VS Code gives all will-save listeners 1.5 s together; the sidecar's round trips take milliseconds. */
const ENDED_TIMEOUT_MS = 1200;

const PAUSED_KEY = 'redline.pausedAutoSave';

class AutoSavePause {
  private paused = false;
  private told = false;

  constructor(private readonly state: vscode.Memento) {}

  async update(live: boolean): Promise<void> {
    const files = vscode.workspace.getConfiguration('files');
    if (live && !this.paused) {
      const info = files.inspect<string>('autoSave');
      if (info?.globalValue !== 'afterDelay' || files.get('autoSave') !== 'afterDelay') return;
      this.paused = true;
      await this.state.update(PAUSED_KEY, 'afterDelay');
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      if (!this.told) {
        this.told = true;
        void vscode.window.showInformationMessage('Redline paused auto-save while a proposal is pending, so it never reaches disk; it comes back once the proposal is settled.');
      }
    } else if (!live && this.paused) {
      this.paused = false;
      await this.restore();
    }
  }

  /** Puts back a value paused by this window, or by one that died before it could. */
  async restore(): Promise<void> {
    const value = this.state.get<string>(PAUSED_KEY);
    if (value === undefined) return;
    await vscode.workspace.getConfiguration('files').update('autoSave', value, vscode.ConfigurationTarget.Global);
    await this.state.update(PAUSED_KEY, undefined);
  }
}

export interface SaveGuard {
  disposables: vscode.Disposable[];
  /** Sends a request that starts a session, auto-save already paused. */
  starting<T>(start: () => Promise<T>): Promise<T>;
  /**
   * The session a verdict given to session `id` must go to: a session a save set aside (ended by
   * now, though its lens may still be on screen) is followed to the one that shows its proposal
   * again, and one showing it again is waited for until the sidecar says it is pending. Null when
   * there is no such proposal (it ended, or did not come back, or not in time).
   */
  verdictTarget(id: string): Promise<Session | null>;
}

/** How long a verdict waits for a set-aside proposal to be shown again and pending. */
const VERDICT_WAIT_MS = 15_000;

export function registerSaveGuard(sidecar: () => Sidecar, sessions: Sessions, state: vscode.Memento): SaveGuard {
  const pause = new AutoSavePause(state);
  const fail = (error: unknown) => void vscode.window.showErrorMessage(`Redline: ${error instanceof Error ? error.message : String(error)}`);
  // One update at a time, in order: each reads and writes the same setting.
  let pausing = pause.restore();
  /** Start requests on their way: their sessions may not be known here yet. */
  let starts = 0;
  const queue = () => (pausing = pausing.then(() => pause.update(starts > 0 || sessions.all().length > 0)).catch(fail));
  /** A set-aside plan, the selection its session would give back, and how to tell its successor. */
  interface Noted {
    plan: SetAside;
    selection: KeptSelection | null;
    shown(sessionId: string | null): void;
  }
  const setAside = new Map<string, Noted[]>();

  const ended = (sessionId: string) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (listener.dispose(), resolve()), ENDED_TIMEOUT_MS);
      const listener = sessions.onDidEnd((e) => {
        if (e.session.id !== sessionId) return;
        clearTimeout(timer);
        listener.dispose();
        resolve();
      });
    });

  /** Sessions showing a set-aside proposal again, by id: the plan each came from (see saveStep). */
  const shownAgain = new Map<string, SetAside>();
  /**
   * Sessions a save set aside, by id: the id of the session that shows the proposal again, once
   * afterSave knows it (null: not shown again). A verdict the user gave meanwhile goes there.
   */
  const successors = new Map<string, Promise<string | null>>();
  const beforeSave = async (document: vscode.TextDocument): Promise<void> => {
    const uri = document.uri.toString();
    const plans: Noted[] = [];
    for (const session of sessions.in(uri)) {
      const step = saveStep(session, shownAgain.get(session.id), (line) => document.lineAt(line).text, document.lineCount);
      const done = ended(session.id);
      // Its steps stay as they are: the proposal comes back as a new session right after the save.
      session.undoSplit = false;
      const plan = step.plan;
      // The set-aside is no rejection of the user's: the selection stays collapsed, for the proposal shown again to give back.
      const selection = session.selection;
      session.selection = null;
      if (plan) successors.set(session.id, new Promise((shown) => plans.push({ plan, selection, shown })));
      else successors.set(session.id, Promise.resolve(null));
      await sidecar().request(step.request, { sessionId: session.id });
      if (step.stopped) void vscode.window.showWarningMessage('Redline: the edit was stopped because the file was saved; run it again when you like.');
      await done;
    }
    if (plans.length > 0) setAside.set(uri, plans);
  };

  const afterSave = async (document: vscode.TextDocument): Promise<void> => {
    const uri = document.uri.toString();
    const plans = setAside.get(uri);
    if (!plans) return;
    setAside.delete(uri);
    // Bottom first: showing one proposal again does not move the lines of those above it.
    for (const { plan, selection, shown } of [...plans].sort((a, b) => b.plan.startLine - a.plan.startLine)) {
      try {
        const { sessionId } = await sidecar().request('redline/snippet/apply', {
          textDocument: { uri, version: document.version },
          snippet: plan.snippet,
          selection: { start: { line: plan.startLine, character: 0 }, end: { line: plan.endLine, character: 0 } },
        });
        // Its first render may come before or after this answer; a session already over needs nothing.
        const session = sessions.known(sessionId, uri);
        if (session) {
          shownAgain.set(sessionId, plan);
          session.shownAgain = true;
          session.selection = selection;
        }
        shown(sessionId);
      } catch (error) {
        shown(null);
        throw error;
      }
    }
  };

  /** Resolves once `session` is pending, or has ended, or after `ms`. */
  const settled = (session: Session, ms: number) =>
    new Promise<void>((resolve) => {
      if (session.pending || sessions.hasEnded(session.id)) return resolve();
      const timer = setTimeout(() => (listener.dispose(), resolve()), ms);
      const listener = sessions.onDidChange(() => {
        if (!session.pending && !sessions.hasEnded(session.id)) return;
        clearTimeout(timer);
        listener.dispose();
        resolve();
      });
    });

  const verdictTarget = async (id: string): Promise<Session | null> => {
    const deadline = Date.now() + VERDICT_WAIT_MS;
    // A second save may set aside the session that showed the first one's proposal again.
    for (let next = successors.get(id); next; next = successors.get(id)) {
      const successor = await Promise.race([next, new Promise<null>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()), null))]);
      if (successor === null) return null;
      id = successor;
    }
    const target = sessions.get(id);
    if (!target) return null;
    await settled(target, Math.max(0, deadline - Date.now()));
    return target.pending ? target : null;
  };

  /**
   * A document's set-asides and showings-again run one at a time, in the order of VS Code's events:
   * VS Code stops waiting for will-save listeners after 1.5 s together, so on a loaded machine a
   * set-aside can outlast its save's wait, and its proposal must still come back after this save, not
   * after the next one; and the next save's set-aside must know the sessions this one shows again.
   */
  const inTurn = new Map<string, Promise<void>>();
  const turn = (uri: string, task: () => Promise<void>): Promise<void> => {
    const next = (inTurn.get(uri) ?? Promise.resolve()).then(task).catch(fail);
    inTurn.set(uri, next);
    void next.then(() => inTurn.get(uri) === next && inTurn.delete(uri));
    return next;
  };

  const starting = async <T>(start: () => Promise<T>): Promise<T> => {
    starts++;
    await queue();
    try {
      return await start();
    } finally {
      starts--;
      // A session that came of it keeps auto-save paused until its end; a refused start puts it back.
      void queue();
    }
  };

  return {
    starting,
    verdictTarget,
    disposables: [
      sessions.onDidChange(() => void queue()),
      { dispose: () => void pause.update(false) },
      sessions.onDidEnd((e) => {
        shownAgain.delete(e.session.id);
        // A set-aside session's successor is asked for only while the proposal may still come back.
        setTimeout(() => successors.delete(e.session.id), VERDICT_WAIT_MS);
      }),
      vscode.workspace.onWillSaveTextDocument((event) => {
        const uri = event.document.uri.toString();
        if (sessions.in(uri).length === 0 && !inTurn.has(uri)) return;
        event.waitUntil(turn(uri, () => beforeSave(event.document)));
      }),
      vscode.workspace.onDidSaveTextDocument((document) => void turn(document.uri.toString(), () => afterSave(document))),
    ],
  };
}
