/**
 * What the user sees besides the document: a status-bar item while a proposal streams (click to
 * cancel), the `redline.streaming` / `redline.pending` context keys for keybindings, and a
 * notification with the sidecar's message when a session ends in an error, a broken region or no
 * changes; an error's notification offers what the sidecar says it may (Retry, Show log).
 */
import * as vscode from 'vscode';
import type { StatusAction } from '@redline/shared-protocol';
import type { Session, SessionEnd, Sessions } from './sessions';

const ACTION_TITLES: Record<StatusAction, string> = { retry: 'Retry', showLog: 'Show log' };

export function registerFeedback(sessions: Sessions, output: vscode.OutputChannel, retry: (session: Session) => Promise<void>): vscode.Disposable[] {
  const status = vscode.window.createStatusBarItem('redline.progress', vscode.StatusBarAlignment.Left, 100);
  status.name = 'Redline';
  status.command = 'redline.cancel';
  status.tooltip = 'Redline is writing a proposal. Click or press Escape to cancel.';

  const update = () => {
    const streaming = sessions.all().filter((s) => s.state === 'streaming').length;
    if (streaming > 0) {
      status.text = `$(loading~spin) Redline: editing${streaming > 1 ? ` (${streaming})` : ''}…`;
      status.show();
    } else status.hide();
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const here = uri ? sessions.in(uri) : [];
    void vscode.commands.executeCommand('setContext', 'redline.streaming', here.some((s) => s.state === 'streaming'));
    void vscode.commands.executeCommand('setContext', 'redline.pending', here.some((s) => s.settleable));
  };

  const offer = async (session: Session, actions: readonly StatusAction[], message: string) => {
    // Retry asks the instruction again: an applied code block has none.
    const offered = actions.filter((a) => a !== 'retry' || session.instruction !== null);
    const picked = await vscode.window.showErrorMessage(message, ...offered.map((a) => ACTION_TITLES[a]));
    if (picked === ACTION_TITLES.retry) await retry(session);
    else if (picked === ACTION_TITLES.showLog) output.show(true);
  };

  const notify = ({ session, state, message, actions }: SessionEnd) => {
    // A Retry that fails the same way would replace the notification with one alike: the count tells them apart.
    const attempt = session.instruction?.attempt ?? 1;
    if (state === 'error') void offer(session, actions ?? [], `Redline: ${message ?? 'the model server failed.'}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
    // A shown next-edit hunk an undo took back (nextEdit.ts) goes as with Esc: nothing to say; an inline
    // edit's proposal an undo took back is said by commands.ts, which sees what the undos did.
    else if (state === 'broken' && !session.takingBack) void vscode.window.showWarningMessage(`Redline: ${message ?? 'the proposal was discarded.'}`);
    else if (state === 'noChanges') void vscode.window.showInformationMessage('Redline: the model proposed no changes.');
    else if (state === 'cancelled' && message) void vscode.window.showWarningMessage(`Redline: ${message}`);
  };

  update();
  return [status, sessions.onDidChange(update), sessions.onDidEnd(notify), vscode.window.onDidChangeActiveTextEditor(update)];
}
