/**
 * The indentation each document's editor uses. VS Code detects it per editor (editor.detectIndentation)
 * and tells it only through a visible editor's options; a proposal can be checked while no editor
 * shows its document (a save on focus change sets it aside and shows it again while another file is
 * in front), and formatting it then with the language's settings re-indents a 2-space file by 4. So
 * the last options an editor showed for a document are kept until the document closes.
 */
import * as vscode from 'vscode';
import { editorOf } from '../edit/renders';

export class Indentations {
  private readonly seen = new Map<string, vscode.FormattingOptions>();

  register(): vscode.Disposable[] {
    const note = (editor: vscode.TextEditor) => {
      const { tabSize, insertSpaces } = editor.options;
      if (typeof tabSize === 'number' && typeof insertSpaces === 'boolean') this.seen.set(editor.document.uri.toString(), { tabSize, insertSpaces });
    };
    vscode.window.visibleTextEditors.forEach(note);
    return [
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach(note)),
      vscode.window.onDidChangeTextEditorOptions((event) => note(event.textEditor)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.seen.delete(doc.uri.toString())),
    ];
  }

  /**
   * The indentation of `uri`: its editor's, else the one an editor last showed for it, else the
   * language's settings when VS Code does not detect it per file; null when it is not known.
   */
  of(uri: string, languageId: string): vscode.FormattingOptions | null {
    const editor = editorOf(uri);
    const { tabSize, insertSpaces } = editor?.options ?? {};
    if (typeof tabSize === 'number' && typeof insertSpaces === 'boolean') return { tabSize, insertSpaces };
    const seen = this.seen.get(uri);
    if (seen) return seen;
    const config = vscode.workspace.getConfiguration('editor', { languageId });
    if (config.get<boolean>('detectIndentation', true)) return null;
    return { tabSize: config.get<number>('tabSize', 4), insertSpaces: config.get<boolean>('insertSpaces', true) };
  }
}
