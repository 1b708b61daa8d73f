/**
 * The document-sync self-check on VS Code (shared-protocol README, "Document sync self-check"):
 * the checksum a didChange carries, and the answer to `redline/documentText`. No VS Code import:
 * the decisions are tested beside this file; connection.ts and extension.ts wire them in.
 */
import {
  CHECKSUM_INTERVAL_MS,
  checksumDue,
  textChecksum,
  type DidChangeTextDocumentParams,
  type DocumentTextResult,
} from '@redline/shared-protocol';

/**
 * When a document's didChange carries a checksum, and which. vscode-languageclient builds the
 * didChange's params and writes them later, after a few promise turns, when the live document may
 * already be at a newer version: so the checksum is taken at the change event (`changed`, where the
 * text is the version's) and put into the params when they are sent (`attach`).
 */
export class ChecksumSchedule {
  private readonly lastAt = new Map<string, number>();
  /** uri → the checksum taken at a change event, until that version's didChange is sent. */
  private readonly taken = new Map<string, { version: number; checksum: number }>();

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly intervalMs = CHECKSUM_INTERVAL_MS,
  ) {}

  /** The change event that brought `uri` to `version`; `text` reads the document, at that version. */
  changed(uri: string, version: number, length: number, text: () => string): void {
    const now = this.now();
    if (!checksumDue(now - (this.lastAt.get(uri) ?? -Infinity), length, this.intervalMs)) return;
    this.lastAt.set(uri, now);
    this.taken.set(uri, { version, checksum: textChecksum(text()) });
  }

  /** The didChange's params as they are written: with the checksum taken for their version, if any. */
  attach(params: DidChangeTextDocumentParams): DidChangeTextDocumentParams {
    const { uri, version } = params.textDocument;
    const taken = this.taken.get(uri);
    // didChanges go out in version order: one past the taken version means that one was never sent.
    if (!taken || taken.version > version) return params;
    this.taken.delete(uri);
    return taken.version === version ? { ...params, checksum: taken.checksum } : params;
  }

  /** The document closed. */
  forget(uri: string): void {
    this.lastAt.delete(uri);
    this.taken.delete(uri);
  }
}

/** What `documentText` reads of an open document (a live vscode.TextDocument satisfies it). */
export interface LiveDocument {
  readonly version: number;
  getText(): string;
}

/**
 * The answer to `redline/documentText`: the document's whole text and version. The sidecar takes
 * every didChange it received before the answer as included in it and applies later ones on top, so
 * the answer waits until the didOpen or didChange of the version it gives has been written
 * (`whenSent`; it gives up after its own timeout, and then the text is answered as it is), and is
 * read again when the document moved on meanwhile.
 */
export async function documentText(
  uri: string,
  find: (uri: string) => LiveDocument | undefined,
  whenSent: (uri: string, version: number) => Promise<boolean>,
): Promise<DocumentTextResult> {
  for (;;) {
    const doc = find(uri);
    if (!doc) throw new Error(`${uri} is not open`);
    const version = doc.version;
    await whenSent(uri, version);
    // Nothing runs between this check and the read: the text is the one of `version`.
    if (find(uri) === doc && doc.version === version) return { version, text: doc.getText() };
  }
}
