// The end-to-end tests' window into VS Code's extension API: what a document's dirty flag, version,
// an editor's selections and the diagnostics of every tool are as extensions see them. With REDLINE_E2E_PROBE set to a folder, it
// writes there, as VS Code reports them, every document change and selection change (events.jsonl)
// and, after each and every 100 ms, the state of every open document and visible editor
// (state.json, replaced whole). Its two commands are the window's floors for the next-edit bench: one plain
// edit inserting a line, with a hint after it sent in the same turn, as a held hunk is drawn (Ctrl+Alt+Shift+F9);
// the same after an edit that must be in the document first, as an accept's closing edit is (Ctrl+Alt+Shift+F10).
const vscode = require('vscode');
const { appendFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

exports.activate = (context) => {
  const dir = process.env.REDLINE_E2E_PROBE;
  if (!dir) return;
  const selections = (editor) => editor.selections.map((s) => ({ anchor: [s.anchor.line, s.anchor.character], active: [s.active.line, s.active.character] }));
  const state = () => ({
    documents: vscode.workspace.textDocuments.map((d) => ({ uri: d.uri.toString(), version: d.version, isDirty: d.isDirty })),
    editors: vscode.window.visibleTextEditors.map((e) => ({ uri: e.document.uri.toString(), active: e === vscode.window.activeTextEditor, selections: selections(e) })),
    diagnostics: vscode.languages.getDiagnostics().flatMap(([uri, list]) =>
      list.map((d) => ({
        uri: uri.toString(),
        line: d.range.start.line,
        source: d.source ?? null,
        code: typeof d.code === 'object' ? d.code.value : (d.code ?? null),
        message: d.message,
        severity: d.severity,
        range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
      })),
    ),
  });
  const snapshot = () => {
    const file = join(dir, 'state.json');
    writeFileSync(`${file}.tmp`, JSON.stringify(state()));
    renameSync(`${file}.tmp`, file);
  };
  const record = (event) => {
    appendFileSync(join(dir, 'events.jsonl'), JSON.stringify(event) + '\n');
    snapshot();
  };
  const reasons = { [vscode.TextDocumentChangeReason.Undo]: 'undo', [vscode.TextDocumentChangeReason.Redo]: 'redo' };
  const timer = setInterval(snapshot, 100);
  const hint = vscode.window.createTextEditorDecorationType({ after: { contentText: 'floor: Esc to dismiss', margin: '0 0 0 3ch' } });
  let floorEdits = 0;
  const floorEdit = async (after) => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return;
    const text = `floor ${++floorEdits}`;
    if (after) await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), `${after} ${floorEdits}\n`));
    void editor.edit((builder) => builder.insert(new vscode.Position(0, 0), `${text}\n`));
    // Behind the edit, as Redline's marks and hint go: line 0 is the new line once the window has the edit.
    editor.setDecorations(hint, [new vscode.Range(0, 0, 0, text.length)]);
  };
  context.subscriptions.push(
    { dispose: () => clearInterval(timer) },
    hint,
    vscode.commands.registerCommand('redlineProbe.floorEdit', () => floorEdit(null)),
    vscode.commands.registerCommand('redlineProbe.floorEditAfterOne', () => floorEdit('first')),
    vscode.workspace.onDidChangeTextDocument((e) =>
      record({ kind: 'change', uri: e.document.uri.toString(), version: e.document.version, isDirty: e.document.isDirty, reason: reasons[e.reason] ?? null, changes: e.contentChanges.length }),
    ),
    vscode.window.onDidChangeTextEditorSelection((e) => record({ kind: 'selection', uri: e.textEditor.document.uri.toString(), how: e.kind ?? null, selections: selections(e.textEditor) })),
  );
  snapshot();
};
