/**
 * A proposal's findings where the user reads the proposal: diagnostics of the `redline` collection
 * (source "Redline") on their lines — over the name itself for an unknown name — replaced by every
 * status and gone when the session ends or its document closes. A name another tool already reports
 * there (TypeScript's "Cannot find name") is not reported a second time. A finding with a fix (an
 * unknown name's import) offers it as the preferred quick fix, tied to the diagnostics over the name
 * and registered for files and untitled documents alike (a language's own providers rank no higher),
 * so that VS Code lists it before the other tools' fixes on that line; it is applied as one edit only
 * while the document is still at the status's version. What to show is decided in `warnings.ts`.
 */
import * as vscode from 'vscode';
import { TERMINAL_STATES, type SessionStatusParams } from '@redline/shared-protocol';
import { documentOf, toRange } from './renders';
import type { Sessions } from './sessions';
import { afterFix, duplicatesOf, fixRefusal, fixesOn, proposalFirstLine, shownWarnings, type OtherDiagnostic, type ReportedWarnings, type ShownWarning } from './warnings';

const APPLY_FIX = 'redline.applyWarningFix';
const SOURCE = 'Redline';

export class WarningDiagnostics implements vscode.CodeActionProvider {
  private readonly collection = vscode.languages.createDiagnosticCollection('redline');
  /** Per live session with findings: what its last status reported. */
  private readonly reported = new Map<string, ReportedWarnings>();
  /** What was last set per document: the other tools' changes come often, and most change nothing here. */
  private readonly published = new Map<string, string>();

  constructor(private readonly sessions: Sessions) {}

  register(): vscode.Disposable[] {
    return [
      this.collection,
      this.sessions.onDidEnd(({ session }) => this.forget(session.id)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        for (const [id, r] of this.reported) if (r.uri === doc.uri.toString()) this.forget(id);
      }),
      // Matched by scheme, a provider ranks with the language's own ones, and VS Code puts the later registered first.
      vscode.languages.registerCodeActionsProvider([{ scheme: 'file' }, { scheme: 'untitled' }], this, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      // Another tool's report may make one of ours a duplicate, or stop doing so.
      vscode.languages.onDidChangeDiagnostics((event) => {
        for (const uri of event.uris) if ([...this.reported.values()].some((r) => r.uri === uri.toString())) this.publish(uri.toString());
      }),
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
        // Ours, or the other tool's that stands for it: an action with diagnostics is listed before those without.
        const same = duplicatesOf(w, this.nameOf(document, w), context.diagnostics.map(otherOf));
        action.diagnostics = context.diagnostics.filter((d) => (d.source === SOURCE && d.range.start.line === w.line && d.message === w.message) || same.some((o) => sameSpot(o, d)));
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

  /** The name a finding's columns cover, as the document has it. */
  private nameOf(doc: vscode.TextDocument, w: ShownWarning): string {
    if (!w.columns || w.line >= doc.lineCount) return '';
    return doc.lineAt(w.line).text.slice(w.columns.start, w.columns.end);
  }

  /** Every live session's findings in `uri`, as one list of diagnostics. */
  private publish(uri: string): void {
    const doc = documentOf(uri);
    const diagnostics: vscode.Diagnostic[] = [];
    const others = doc ? vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source !== SOURCE).map(otherOf) : [];
    for (const r of this.reported.values()) {
      if (r.uri !== uri || !doc) continue;
      for (const w of r.shown) {
        if (duplicatesOf(w, this.nameOf(doc, w), others).length > 0) continue;
        const line = Math.min(w.line, doc.lineCount - 1);
        const whole = doc.lineAt(line).range;
        const range = w.columns && line === w.line ? new vscode.Range(line, w.columns.start, line, Math.min(w.columns.end, whole.end.character)) : whole;
        const d = new vscode.Diagnostic(range, w.message, w.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
        d.source = SOURCE;
        d.code = w.kind;
        diagnostics.push(d);
      }
    }
    const target = doc?.uri ?? vscode.Uri.parse(uri);
    const key = JSON.stringify(diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message, d.severity]));
    if (this.published.get(uri) === key) return;
    if (diagnostics.length > 0) {
      this.published.set(uri, key);
      this.collection.set(target, diagnostics);
    } else {
      this.published.delete(uri);
      this.collection.delete(target);
    }
  }
}

/** A diagnostic of one line as a duplicate check reads it; one over several lines matches none. */
function otherOf(d: vscode.Diagnostic): OtherDiagnostic {
  return d.range.isSingleLine ? { line: d.range.start.line, start: d.range.start.character, end: d.range.end.character, message: d.message } : { line: -1, start: 0, end: 0, message: d.message };
}

function sameSpot(o: OtherDiagnostic, d: vscode.Diagnostic): boolean {
  return d.range.start.line === o.line && d.range.start.character === o.start && d.range.end.character === o.end && d.message === o.message;
}
