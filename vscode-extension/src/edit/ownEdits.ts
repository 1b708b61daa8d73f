/**
 * The protocol's own-edit rule on VS Code: a render's own change must reach the sidecar (as the
 * didChange vscode-languageclient sends for it) before the render is answered. VS Code reports a
 * TextEditor.edit's change to the extension host before the edit's promise resolves, and the
 * language client sends didChange a few promise turns later with no batching for incremental sync;
 * instead of relying on that order, the answer waits until the client has written the echo.
 */
export class OwnEdits {
  private readonly sent = new Map<string, number>();
  private readonly waiters: Array<{ uri: string; version: number; resolve(): void }> = [];
  /** uri → the version of the first change seen while one of our edits was being applied. */
  private readonly applying = new Map<string, number | null>();

  /** The language client wrote the didOpen or didChange that brought `uri` to `version`. */
  changeSent(uri: string, version: number): void {
    this.sent.set(uri, Math.max(version, this.sent.get(uri) ?? -1));
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter.uri === uri && waiter.version <= version) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  /** Resolves once the change to `version` was sent, or after `timeoutMs` (a change the client never reports). */
  whenSent(uri: string, version: number, timeoutMs = 2000): Promise<boolean> {
    if ((this.sent.get(uri) ?? -1) >= version) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(false);
      }, timeoutMs);
      const waiter = { uri, version, resolve: () => (clearTimeout(timer), resolve(true)) };
      this.waiters.push(waiter);
    });
  }

  /** Runs our edit of `uri`; returns its result and the version its change produced (null: none seen). */
  async apply(uri: string, edit: () => Thenable<boolean>): Promise<{ ok: boolean; version: number | null }> {
    this.applying.set(uri, null);
    try {
      const ok = await edit();
      return { ok, version: this.applying.get(uri) ?? null };
    } finally {
      this.applying.delete(uri);
    }
  }

  /**
   * A document change, from VS Code's listener. True when it is our edit's: the first change of the
   * document while our edit is applied (VS Code refuses our edit if the user's change came first,
   * and then the edit's result says so).
   */
  isOwn(uri: string, version: number): boolean {
    if (!this.applying.has(uri)) return false;
    if (this.applying.get(uri) === null) {
      this.applying.set(uri, version);
      return true;
    }
    return this.applying.get(uri) === version;
  }

  forget(uri: string): void {
    this.sent.delete(uri);
  }
}

/**
 * One of our edits, through the editor that shows the document if there is one, else as a workspace
 * edit. VS Code rejects an editor's edit when that editor closed while the edit was on its way (the
 * user switched tabs; with auto-save on focus change that is just when a set-aside proposal is shown
 * again): nothing was applied, so the workspace edit takes its place. A `false` from the editor
 * (the document moved on meanwhile) stays `false`: the render is stale, not to be forced in.
 */
export async function editThroughEditor(viaEditor: (() => Thenable<boolean>) | undefined, viaWorkspace: () => Thenable<boolean>): Promise<boolean> {
  if (viaEditor) {
    try {
      return await viaEditor();
    } catch {
      // The editor is gone; the document may still be open.
    }
  }
  return viaWorkspace();
}
