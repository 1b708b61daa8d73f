/**
 * Redline for VS Code: one sidecar per window (the executable bundled in this platform's VSIX),
 * spoken to through vscode-languageclient; inline edits painted into the document, inline
 * completion as ghost text. Everything decided is decided by the sidecar; this is the shell.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { RedlineSettingsPatch, SettingName } from '@redline/shared-protocol';
import { diagnoseText, formatText, prepareChecks } from './check/checks';
import { CheckCopies } from './check/copies';
import { Indentations } from './check/indentation';
import { registerCompletion } from './completion/provider';
import { CleanAfterUndo } from './edit/cleanUndo';
import { UndoGroups } from './edit/history';
import { registerEditCommands } from './edit/commands';
import { registerFeedback } from './edit/feedback';
import { lineDeletions } from './edit/marks';
import { OwnEdits } from './edit/ownEdits';
import { Painter } from './edit/paint';
import { RenderApplier, applyEdits, documentOf } from './edit/renders';
import { registerSaveGuard } from './edit/saveGuard';
import { WarningDiagnostics } from './edit/warningDiagnostics';
import { registerNextEdit } from './nextEdit/nextEdit';
import { Sessions } from './edit/sessions';
import { startSidecar, type Sidecar } from './sidecar/connection';
import { documentText } from './sidecar/documentSync';
import { API_KEY_SECRET, SECTION, settingsPatch } from './settings/settings';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Redline', { log: true });
  const sessions = new Sessions();
  const own = new OwnEdits();
  const painter = new Painter(sessions);
  const cleanUndo = new CleanAfterUndo();
  // A Redo the groups put right is one edit of that document, made as the renders make theirs (renders.ts putText).
  const groups: UndoGroups = new UndoGroups((uri, target) => renders.putText(uri, target));
  const renders = new RenderApplier(sessions, own, output, painter, cleanUndo, groups);
  const warnings = new WarningDiagnostics(sessions);
  const copies = new CheckCopies();
  const indentations = new Indentations();

  let settings: RedlineSettingsPatch = {};
  const readSettings = async () => {
    const config = vscode.workspace.getConfiguration(SECTION);
    settings = settingsPatch((name: SettingName) => config.get(name), await context.secrets.get(API_KEY_SECRET));
    return settings;
  };
  await readSettings();

  /** The dead sidecar's sessions: their proposals taken out of the documents, in their undo steps. */
  const lost = async () => {
    for (const session of sessions.all()) {
      const doc = documentOf(session.uri);
      if (doc) {
        const edits = lineDeletions(session.proposalLines, doc.lineCount, (l) => doc.lineAt(l).text.length);
        if (edits.length > 0) await own.apply(session.uri, () => applyEdits(session.uri, edits, !session.undoOpen, true));
      }
      sessions.abandon(session, 'The sidecar stopped unexpectedly; the proposal was taken out and the sidecar restarted.');
    }
    sessions.forgetEnded();
  };

  let sidecar: Sidecar;
  try {
    ({ client, sidecar } = await startSidecar(context.extensionPath, output, { changeSent: (uri, version) => own.changeSent(uri, version), lost, settings: () => settings, secrets: () => (settings.apiKey ? [settings.apiKey] : []), isCopy: (doc) => copies.isCopy(doc) }));
  } catch (error) {
    void vscode.window.showErrorMessage(`Redline could not start its sidecar: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const lc = client;
  lc.onRequest('redline/applyRender', (params) => renders.apply(params));
  // The sidecar's mirror is in doubt (a checksum did not match): it asks for the text as VS Code has it.
  lc.onRequest('redline/documentText', ({ uri }: { uri: string }) =>
    documentText(uri, documentOf, async (doc, version) => {
      const sent = await own.whenSent(doc, version);
      if (!sent) output.warn(`redline/documentText for ${doc}: the change to version ${version} was not reported in time`);
      return sent;
    }),
  );
  lc.onRequest('redline/formatText', (params, token) => formatText(copies, indentations, params, token, output));
  lc.onRequest('redline/diagnoseText', (params, token) => diagnoseText(copies, params, token, output));
  lc.onNotification('redline/inlineEdit/status', (params) => {
    const doc = params.state === 'streaming' ? documentOf(params.uri) : undefined;
    if (doc) prepareChecks(copies, params.uri, doc.languageId);
    sessions.status(params);
    warnings.status(params);
  });

  const sendSettings = async () => {
    await sidecar.notify('workspace/didChangeConfiguration', { settings: { [SECTION]: await readSettings() } });
  };

  const guard = registerSaveGuard(() => sidecar, sessions, context.globalState);
  const commands = registerEditCommands(() => sidecar, sessions, guard, groups);
  context.subscriptions.push(
    output,
    painter,
    ...registerFeedback(sessions, output, commands.retry),
    ...warnings.register(),
    ...copies.register(),
    ...indentations.register(),
    ...commands.disposables,
    ...guard.disposables,
    ...registerCompletion(() => lc, () => sidecar),
    ...registerNextEdit(() => sidecar, sessions, own, renders, groups, output),
    vscode.workspace.onDidChangeTextDocument((event) => void cleanUndo.changed(event)),
    vscode.workspace.onDidChangeTextDocument((event) => void groups.changed(event)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      const uri = event.document.uri.toString();
      if (event.contentChanges.length === 0 || own.isOwn(uri, event.document.version)) return;
      sessions.userChanged(
        uri,
        event.contentChanges.map((c) => ({ startLine: c.range.start.line, endLine: c.range.end.line, text: c.text })),
      );
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      own.forget(doc.uri.toString());
      cleanUndo.forget(doc.uri.toString());
      groups.forget(doc.uri.toString());
    }),
    vscode.window.onDidChangeTextEditorSelection((event) => {
      const kind = event.kind;
      if (kind === vscode.TextEditorSelectionChangeKind.Keyboard || kind === vscode.TextEditorSelectionChangeKind.Mouse) sessions.cursorMoved(event.textEditor.document.uri.toString());
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => sessions.undoStopPushed(doc.uri.toString())),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SECTION)) void sendSettings();
    }),
    context.secrets.onDidChange((event) => {
      if (event.key === API_KEY_SECRET) void sendSettings();
    }),
    vscode.commands.registerCommand('redline.setApiKey', async () => {
      const key = await vscode.window.showInputBox({ title: 'Redline: API key', prompt: 'Kept in VS Code\u2019s secret storage, never in settings.json', password: true, ignoreFocusOut: true });
      if (key !== undefined) await context.secrets.store(API_KEY_SECRET, key.trim());
    }),
    vscode.commands.registerCommand('redline.clearApiKey', () => context.secrets.delete(API_KEY_SECRET)),
  );
}

export async function deactivate(): Promise<void> {
  // Stopping sends shutdown (the sidecar cancels its sessions) and exit, then ends the process.
  await client?.stop();
}
