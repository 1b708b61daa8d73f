/**
 * The picture of a proposal in VS Code: whole-line red and green backgrounds with overview-ruler
 * marks, the original lines a stream has not reached yet dimmed, word tints, the streaming line's
 * hint, "indentation only" / "whitespace only" after an added line whose change is only whitespace,
 * and CodeLens Accept/Reject. Colours are the contributed theme colours (`redline.*` in
 * package.json), so themes and users can change them. Every change of a document's sessions
 * repaints its visible editors from the marks alone; a render's marks are sent in the same
 * extension-host turn as its edit (`paintWith`), so VS Code draws the text and its marks together.
 */
import * as vscode from 'vscode';
import type { WordSpan } from '@redline/shared-protocol';
import type { SessionMarks } from '@redline/client/src/renderedDocument.js';
import { documentPaint, lensesFor } from './marks';
import { documentOf } from './renders';
import type { Session, Sessions } from './sessions';

const color = (id: string) => new vscode.ThemeColor(id);

function createTypes() {
  return {
    removedLine: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: color('redline.removedLineBackground'),
      overviewRulerColor: color('redline.removedOverviewRuler'),
      overviewRulerLane: vscode.OverviewRulerLane.Full,
    }),
    addedLine: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: color('redline.addedLineBackground'),
      overviewRulerColor: color('redline.addedOverviewRuler'),
      overviewRulerLane: vscode.OverviewRulerLane.Full,
    }),
    // No background: these lines are neither kept nor removed yet.
    unreachedLine: vscode.window.createTextEditorDecorationType({ opacity: '0.5' }),
    removedWord: vscode.window.createTextEditorDecorationType({ backgroundColor: color('redline.removedWordBackground') }),
    addedWord: vscode.window.createTextEditorDecorationType({ backgroundColor: color('redline.addedWordBackground') }),
    streamingLine: vscode.window.createTextEditorDecorationType({
      after: { contentText: ' \u2026', color: color('redline.streamingHintForeground') },
    }),
    // The text is per line (renderOptions of each range); the look is shared.
    whitespaceLabel: vscode.window.createTextEditorDecorationType({
      after: { color: color('redline.whitespaceLabelForeground'), fontStyle: 'italic', margin: '0 0 0 2ch' },
    }),
  };
}

/**
 * A column past the end of any line. The marks of a render are painted before the extension host's
 * copy of the document has its edit, so a line's end is not known here; VS Code's model clamps a
 * decoration's range to the line as it is when the decoration lands, after the edit sent before it
 * (TextModel._deltaDecorationsImpl validates each range with _validateRangeRelaxedNoAllocations).
 */
const LINE_END = 1_000_000_000;

const lineRanges = (lines: readonly number[]) => lines.map((l) => new vscode.Range(l, 0, l, 0));
/** The whole text of each line (opacity applies to text, not to a line's empty range; an `after` hint goes at its end). */
const wholeLines = (lines: readonly number[]) => lines.map((l) => new vscode.Range(l, 0, l, LINE_END));
const wordRanges = (words: readonly WordSpan[]) => words.map((w) => new vscode.Range(w.line, w.start, w.line, w.end));

export class Painter implements vscode.Disposable {
  private readonly types = createTypes();
  private readonly lensChanged = new vscode.EventEmitter<void>();
  /** The last paint sent to each editor: the same marks again are not sent again. */
  private readonly painted = new WeakMap<vscode.TextEditor, string>();
  /** The lenses VS Code was last told of, per document with any. */
  private readonly announced = new Map<string, string>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly sessions: Sessions) {
    this.disposables.push(
      sessions.onDidChange((uri) => this.repaint(uri)),
      // An editor shown again may be a new widget without the marks sent to it before.
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => (this.painted.delete(e), this.paintEditor(e)))),
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this.codeLenses()),
      vscode.languages.registerCodeLensProvider({ scheme: 'untitled' }, this.codeLenses()),
    );
  }

  repaint(uri: string): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.toString() === uri) this.paintEditor(editor);
    // VS Code fetches every lens again when told of a change, and a click on a lens whose list was
    // replaced meanwhile is lost (its command, held for the old list, is gone: microsoft/vscode#84153):
    // it is told only when the lenses are not the ones it has.
    const lenses = JSON.stringify(this.lensSpecs(uri));
    if ((this.announced.get(uri) ?? '[]') === lenses) return;
    if (lenses === '[]') this.announced.delete(uri);
    else this.announced.set(uri, lenses);
    this.lensChanged.fire();
  }

  private lensSpecs(uri: string) {
    const lineCount = documentOf(uri)?.lineCount;
    return this.sessions.in(uri).flatMap((session) => lensesFor(session.id, session.marks.hunks, session.settleable, lineCount));
  }

  /**
   * Paints `uri`'s editors with `marks` for `session` (the marks its render brings), in the caller's
   * turn: called right after the render's edit was sent, these decorations travel to the window with
   * it and are applied before the next frame is drawn.
   */
  paintWith(uri: string, session: Session, marks: SessionMarks): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.toString() === uri) this.paintEditor(editor, session, marks);
  }

  private paintEditor(editor: vscode.TextEditor, replaced?: Session, marks?: SessionMarks): void {
    const paint = documentPaint(this.sessions.in(editor.document.uri.toString()).map((s) => (s === replaced ? marks! : s.marks)));
    const key = JSON.stringify(paint);
    if (this.painted.get(editor) === key) return;
    this.painted.set(editor, key);
    editor.setDecorations(this.types.removedLine, lineRanges(paint.removedLines));
    editor.setDecorations(this.types.addedLine, lineRanges(paint.addedLines));
    editor.setDecorations(this.types.unreachedLine, wholeLines(paint.unreachedLines));
    editor.setDecorations(this.types.removedWord, wordRanges(paint.removedWords));
    editor.setDecorations(this.types.addedWord, wordRanges(paint.addedWords));
    editor.setDecorations(this.types.streamingLine, wholeLines(paint.streamingLines));
    editor.setDecorations(
      this.types.whitespaceLabel,
      paint.whitespaceLabels.map((label) => ({ range: new vscode.Range(label.line, 0, label.line, LINE_END), renderOptions: { after: { contentText: label.text } } })),
    );
  }

  private codeLenses(): vscode.CodeLensProvider {
    return {
      onDidChangeCodeLenses: this.lensChanged.event,
      provideCodeLenses: (document) =>
        this.lensSpecs(document.uri.toString())
          .filter((lens) => lens.line < document.lineCount)
          .map((lens) => new vscode.CodeLens(new vscode.Range(lens.line, 0, lens.line, 0), { title: lens.title, command: lens.command, arguments: lens.arguments })),
    };
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
    Object.values(this.types).forEach((t) => t.dispose());
    this.lensChanged.dispose();
  }
}
