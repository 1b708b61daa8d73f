/**
 * Serialises renders per document and tells the sidecar's own edits from the user's.
 *
 * One render per document is in flight at a time (a fast stream never interleaves two). Each is
 * planned when its turn comes, against the mirror as it is then, so an edit is never computed
 * against an old version. While a render is in flight the document's didChange notifications are
 * held back. When the client answers `applied` at version W, the held changes up to W are the echo
 * of the render: they are dropped and the render's own edits are applied to the mirror instead
 * (tagged with the session as their origin, so that session does not track them as user edits).
 * Held changes after W, and all of them on a `stale` answer, are the user's and are applied then,
 * in order, after the region has committed the render.
 */
import type { DidChangeTextDocumentParams, RenderParams, RenderResult } from '@redline/shared-protocol';
import type { DocumentStore } from '../server/documents.js';
import type { Logger } from '../server/log.js';

export interface RenderPlan {
  params: Omit<RenderParams, 'uri' | 'version' | 'sessionId'>;
  /** Called once the client applied the render, before any later user change is replayed. */
  commit(): void;
}

export type RenderOutcome = 'applied' | 'stale' | 'skipped' | 'failed';

interface Channel {
  tail: Promise<unknown>;
  inFlight: boolean;
  held: DidChangeTextDocumentParams[];
  /** The client reported this version on a stale answer; the next plan waits for the mirror to reach it. */
  awaitVersion: number;
  versionWaiters: Array<() => void>;
}

const CATCH_UP_MS = 2000;

export class RenderChannels {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly send: (params: RenderParams) => Promise<RenderResult>,
    private readonly log: Logger,
  ) {}

  /** Every client didChange enters here. */
  didChange(params: DidChangeTextDocumentParams): void {
    const channel = this.channels.get(params.textDocument.uri);
    if (channel?.inFlight) {
      channel.held.push(params);
      return;
    }
    this.apply(params);
  }

  /** Resolves when no render of `uri` is queued or in flight, so the mirror is current. */
  idle(uri: string): Promise<void> {
    // Asking about a document that never rendered must not leave a channel behind for its uri.
    return (this.channels.get(uri)?.tail ?? Promise.resolve()).then(() => undefined);
  }

  /** Queues one render; `plan` runs when it is this render's turn and may return null to skip. */
  render(uri: string, sessionId: string, plan: () => RenderPlan | null): Promise<RenderOutcome> {
    const channel = this.channel(uri);
    const run = channel.tail.then(() => this.runOne(uri, sessionId, channel, plan));
    channel.tail = run.catch(() => undefined);
    return run;
  }

  forget(uri: string): void {
    this.channels.delete(uri);
  }

  private async runOne(uri: string, sessionId: string, channel: Channel, plan: () => RenderPlan | null): Promise<RenderOutcome> {
    await this.catchUp(uri, channel);
    const doc = this.documents.get(uri);
    if (!doc) return 'skipped';
    const planned = plan();
    if (!planned) return 'skipped';
    const version = doc.version;
    channel.inFlight = true;
    let result: RenderResult | null = null;
    try {
      result = await this.send({ sessionId, uri, version, ...planned.params });
    } catch (err) {
      this.log.error(`render of ${uri} failed: ${(err as Error).message}`);
    }
    channel.inFlight = false;
    const held = channel.held.splice(0);
    if (result?.applied) {
      const own = result.version;
      this.documents.applyOwn(uri, planned.params.edits, own, sessionId);
      planned.commit();
      for (const change of held) if (change.textDocument.version > own) this.apply(change);
      return 'applied';
    }
    for (const change of held) this.apply(change);
    if (!result) return 'failed';
    channel.awaitVersion = result.version;
    return 'stale';
  }

  private apply(params: DidChangeTextDocumentParams): void {
    this.documents.change(params);
    const channel = this.channels.get(params.textDocument.uri);
    if (channel && params.textDocument.version >= channel.awaitVersion) for (const wake of channel.versionWaiters.splice(0)) wake();
  }

  /** After a stale answer, waits (bounded) until the user's change that made it stale has arrived. */
  private async catchUp(uri: string, channel: Channel): Promise<void> {
    const doc = this.documents.get(uri);
    if (!doc || doc.version >= channel.awaitVersion) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      // Given up on: the waiter goes too, or a version that never comes would keep every one of them.
      const timer = setTimeout(() => {
        channel.versionWaiters = channel.versionWaiters.filter((w) => w !== wake);
        resolve();
      }, CATCH_UP_MS);
      channel.versionWaiters.push(wake);
    });
  }

  private channel(uri: string): Channel {
    let channel = this.channels.get(uri);
    if (!channel) {
      channel = { tail: Promise.resolve(), inFlight: false, held: [], awaitVersion: -Infinity, versionWaiters: [] };
      this.channels.set(uri, channel);
    }
    return channel;
  }
}
