/**
 * The sidecar's checks of a proposal in VS Code, on copies of the document (copies.ts): redline/formatText
 * through the formatting providers of the copy's language (the range formatter over the proposal's
 * lines, else the document formatter), with the indentation of the user's editor; redline/diagnoseText
 * through the diagnostics of a copy of the original and one of the proposal: asked of the TypeScript
 * server for TypeScript and JavaScript, else as the language servers publish them (with the quick
 * fixes they offer for the proposal's problems).
 */
import * as vscode from 'vscode';
import { TextBuffer, type CopyProblem, type Diagnostic, type DiagnoseTextParams, type DiagnoseTextResult, type FormatTextParams, type FormatTextResult, type WarningFix } from '@redline/shared-protocol';
import { textOf, type CheckCopies } from './copies';
import type { Indentations } from './indentation';
import { analysedAt, fromTsServer, PROBE_TEXT, protocolDiagnostic, type TsServerDiagnostic } from './settle';

/** Time kept back from the sidecar's budget for the answer to reach it. */
const ANSWER_MARGIN_MS = 100;
/** Quick fixes are looked for on this many of the proposal's problems at most, with this many fixes each. */
const FIXED_PROBLEMS = 10;
const FIXES_EACH = 3;

/** The language's indentation settings: enough for a warm-up run, whose edits nobody takes. */
function languageOptions(languageId: string): vscode.FormattingOptions {
  const config = vscode.workspace.getConfiguration('editor', { languageId });
  return { tabSize: config.get<number>('tabSize', 4), insertSpaces: config.get<boolean>('insertSpaces', true) };
}

/**
 * While a proposal streams: the tools its checks will use are run once on a copy of the document
 * (its formatter, the TypeScript server), so their first answer is not the check's.
 */
export function prepareChecks(copies: CheckCopies, uri: string, languageId: string): void {
  copies.prepare(uri, languageId, PROBE_TEXT, (doc) =>
    Promise.all([
      vscode.commands.executeCommand('vscode.executeFormatDocumentProvider', doc.uri, languageOptions(languageId)),
      TS_SERVER_LANGUAGES.has(languageId) ? tsServerProblems(doc) : null,
    ]),
  );
}

export async function formatText(copies: CheckCopies, indentations: Indentations, params: FormatTextParams, token: vscode.CancellationToken, log: vscode.LogOutputChannel): Promise<FormatTextResult> {
  // Formatted with a guessed indentation, every proposal line would be re-indented.
  const options = indentations.of(params.uri, params.languageId);
  if (!options) return { reason: 'no editor has shown the document, so its indentation is not known' };
  const asked = Date.now();
  const { docs: [doc] } = await copies.open(params.uri, params.languageId, [params.text]);
  const opened = Date.now();
  log.debug(`redline/formatText: the copy opened in ${opened - asked} ms`);
  const first = params.ranges[0]?.start.line ?? 0;
  const last = params.ranges[params.ranges.length - 1]?.end ?? { line: doc.lineCount - 1, character: 0 };
  const span = new vscode.Range(first, 0, last.line, last.character);
  // Both commands answer undefined when no provider gave an edit: none for the language, or nothing to change.
  let edits = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>('vscode.executeFormatRangeProvider', doc.uri, span, options);
  if (!edits?.length) edits = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>('vscode.executeFormatDocumentProvider', doc.uri, options);
  if (token.isCancellationRequested) return { reason: 'the sidecar stopped waiting' };
  if (!edits?.length) return { reason: `VS Code's formatters for ${params.languageId} changed nothing (or it has none)` };
  log.debug(`redline/formatText: formatted in ${Date.now() - opened} ms after the copy opened`);
  // The edits are applied to the text, not to the copy: the copy stays as it was opened, never dirty.
  const text = new TextBuffer(textOf(doc));
  text.applyEdits(edits.map((e) => ({ range: protocolRange(e.range), newText: e.newText.replace(/\r\n/g, '\n') })));
  return { text: text.getText() };
}

export async function diagnoseText(copies: CheckCopies, params: DiagnoseTextParams, token: vscode.CancellationToken, log: vscode.LogOutputChannel): Promise<DiagnoseTextResult> {
  const asked = Date.now();
  const deadline = asked + params.budgetMs - ANSWER_MARGIN_MS;
  const lines = new Set(params.ranges.flatMap((r) => Array.from({ length: r.end.line - r.start.line + 1 }, (_, i) => r.start.line + i)));
  if (TS_SERVER_LANGUAGES.has(params.languageId)) {
    const { docs: [before, after] } = await copies.open(params.uri, params.languageId, [params.before, params.after]);
    const [was, is] = await Promise.all([tsServerProblems(before), tsServerProblems(after)]);
    log.debug(`redline/diagnoseText: the TypeScript server answered ${Date.now() - asked} ms after the request`);
    if (was && is) return { problems: { before: was, after: is } };
    return { reason: 'the TypeScript server gave no diagnostics for the copies' };
  }
  // The original's copy is opened first, the probe last: its language server analyses them in that order (settle.ts).
  const { docs: [before, after, probe] } = await copies.open(params.uri, params.languageId, [params.before, params.after, PROBE_TEXT]);
  for (;;) {
    const ready = analysedAt(copies.lastChange([probe]), copies.lastChange([before, after, probe]));
    if (ready !== null && Date.now() >= ready) break;
    if ((ready ?? Date.now()) > deadline || token.isCancellationRequested) return { reason: `no analysis of ${params.languageId} arrived within ${params.budgetMs} ms` };
    await new Promise((resolve) => setTimeout(resolve, ready === null ? 50 : Math.min(ready - Date.now(), 50)));
  }
  log.debug(`redline/diagnoseText: analysed ${Date.now() - asked} ms after the request`);
  const published = (doc: vscode.TextDocument) =>
    vscode.languages
      .getDiagnostics(doc.uri)
      .filter((d) => !d.relatedInformation?.some((r) => r.location.uri.toString() !== doc.uri.toString()))
      .map((d) => ({ vscode: d, protocol: protocolDiagnostic(d) }));
  const theirs = published(after);
  const fixable = theirs.filter((p) => lines.has(p.vscode.range.start.line) && p.vscode.severity <= vscode.DiagnosticSeverity.Warning).slice(0, FIXED_PROBLEMS);
  const fixes = new Map(await Promise.all(fixable.map(async (p) => [p.vscode, Date.now() < deadline ? await quickFixes(after.uri, p.vscode) : []] as const)));
  const afterProblems: CopyProblem[] = theirs.map((p) => {
    const found = fixes.get(p.vscode);
    return found?.length ? { ...p.protocol, fixes: found } : p.protocol;
  });
  return { problems: { before: published(before).map((p) => p.protocol), after: afterProblems } };
}

/**
 * VS Code's TypeScript and JavaScript support publishes diagnostics only for files shown in a tab
 * (BufferSyncSupport.shouldValidate), never for a copy; its `typescript.tsserverRequest` command
 * answers a file's diagnostics when asked (`syntacticDiagnosticsSync`, `semanticDiagnosticsSync`:
 * on its list of requests for extensions). No quick fixes come this way.
 */
const TS_SERVER_LANGUAGES = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);

async function tsServerProblems(doc: vscode.TextDocument): Promise<Diagnostic[] | null> {
  const ask = (command: string) =>
    vscode.commands.executeCommand<{ body?: TsServerDiagnostic[] } | undefined>('typescript.tsserverRequest', command, { file: doc.uri.fsPath }).then(
      (answer) => answer?.body ?? null,
      () => null,
    );
  const [syntactic, semantic] = await Promise.all([ask('syntacticDiagnosticsSync'), ask('semanticDiagnosticsSync')]);
  if (!syntactic || !semantic) return null;
  return [...syntactic, ...semantic].filter((d) => !d.relatedInformation?.some((r) => r.span && r.span.file !== doc.uri.fsPath)).map(fromTsServer);
}

const protocolRange = (r: vscode.Range) => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });

/** The quick fixes offered for `diagnostic` that edit the copy only, preferred first. */
async function quickFixes(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Promise<WarningFix[]> {
  const actions = (await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>('vscode.executeCodeActionProvider', uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value)) ?? [];
  const fixes: Array<WarningFix & { preferred: boolean }> = [];
  for (const action of actions) {
    if (!(action instanceof vscode.CodeAction) || !action.edit || action.command) continue;
    const entries = action.edit.entries();
    if (entries.length === 0 || entries.some(([target]) => target.toString() !== uri.toString())) continue;
    const edits = entries.flatMap(([, list]) => list.map((e) => ({ range: protocolRange(e.range), newText: e.newText })));
    fixes.push({ title: action.title, edits, preferred: action.isPreferred === true });
  }
  return fixes
    .sort((a, b) => Number(b.preferred) - Number(a.preferred))
    .slice(0, FIXES_EACH)
    .map(({ title, edits }) => ({ title, edits }));
}
