/**
 * A proposal's findings where the user reads the proposal: diagnostics of the `redline` collection
 * (source "Redline") on their lines, replaced by every status and gone when the session ends or its
 * document closes; a finding with a fix (an unknown name's import) offers it as the preferred quick
 * fix, applied as one edit only while the document is still at the status's version. What to show is
 * decided in `warnings.ts`.
 */
import * as vscode from 'vscode';
import { TERMINAL_STATES, type SessionStatusParams } from '@redline/shared-protocol';
import { documentOf, toRange } from './renders';
import type { Sessions } from './sessions';
import { afterFix, fixRefusal, fixesOn, proposalFirstLine, shownWarnings, type ReportedWarnings } from './warnings';

const APPLY_FIX = 'redline.applyWarningFix';
const SOURCE = 'Redline';

export class WarningDiagnostics implements vscode.CodeActionProvider {
  private readonly collection = vscode.languages.createDiagnosticCollection('redline');
  /** Per live session with findings: what its last status reported. */
  private readonly reported = new Map<string, ReportedWarnings>();

  constructor(private readonly sessions: Sessions) {}

  register(): vscode.Disposable[] {
    return [
      this.collection,
      this.sessions.onDidEnd(({ session }) => this.forget(session.id)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        for (const [id, r] of this.reported) if (r.uri === doc.uri.toString()) this.forget(id);
      }),
      vscode.languages.registerCodeActionsProvider('*', this, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.commands.registerCommand(APPLY_FIX, (sessionId: string, index: number) => this.applyFix(sessionId, index)),
    ];
  }

  /** After `Sessions.status`: the session's findings, the whole list, replace what it showed. */
  status(params: SessionStatusParams): void {
    const session = this.sessions.get(params.sessionId);
    const doc = documentOf(params.uri);
    if (!session || !doc || TERMINAL_STATES.includes(params.state) || !params.warnings?.length) return this.forget(params.sessionId);
    const firstLine = proposalFirstLine(session.proposalLines, session.marks.hunks);
    this.reported.set(session.id, { uri: params.uri, version: doc.version, shown: shownWarnings(params.warnings, firstLine, doc.lineCount) });
    this.publish(params.uri);
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const uri = document.uri.toString();
    const actions: vscode.CodeAction[] = [];
    for (const [sessionId, r] of this.reported) {
      if (r.uri !== uri) continue;
      for (const w of fixesOn(r.shown, range.start.line, range.end.line)) {
        const action = new vscode.CodeAction(w.fix.title, vscode.CodeActionKind.QuickFix);
        action.isPreferred = true;
        action.diagnostics = context.diagnostics.filter((d) => d.source === SOURCE && d.range.start.line === w.line && d.message === w.message);
        action.command = { command: APPLY_FIX, title: w.fix.title, arguments: [sessionId, w.index] };
        actions.push(action);
      }
    }
    return actions;
  }

  private async applyFix(sessionId: string, index: number): Promise<void> {
    const reported = this.reported.get(sessionId);
    const doc = reported && documentOf(reported.uri);
    const refusal = fixRefusal(reported, index, doc?.version);
    const warning = reported?.shown.find((w) => w.index === index);
    if (refusal !== null || !reported || !doc || !warning?.fix) {
      void vscode.window.showWarningMessage(`Redline: ${refusal ?? 'that fix is no longer offered.'}`);
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    for (const e of warning.fix.edits) edit.replace(doc.uri, toRange(e.range), e.newText);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showWarningMessage(`Redline: VS Code refused the fix \u201c${warning.fix.title}\u201d; nothing was changed. Make the change by hand.`);
      return;
    }
    // The sidecar reports again only with its next status: until then the rest follow the fix's lines.
    reported.shown = afterFix(reported.shown, index, warning.fix.edits);
    this.publish(reported.uri);
  }

  private forget(sessionId: string): void {
    const r = this.reported.get(sessionId);
    if (!r) return;
    this.reported.delete(sessionId);
    this.publish(r.uri);
  }

  /** Every live session's findings in `uri`, as one list of diagnostics. */
  private publish(uri: string): void {
    const doc = documentOf(uri);
    const diagnostics: vscode.Diagnostic[] = [];
    for (const r of this.reported.values()) {
      if (r.uri !== uri || !doc) continue;
      for (const w of r.shown) {
        const line = Math.min(w.line, doc.lineCount - 1);
        const d = new vscode.Diagnostic(doc.lineAt(line).range, w.message, w.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
        d.source = SOURCE;
        d.code = w.kind;
        diagnostics.push(d);
      }
    }
    const target = doc?.uri ?? vscode.Uri.parse(uri);
    if (diagnostics.length > 0) this.collection.set(target, diagnostics);
    else this.collection.delete(target);
  }
}
