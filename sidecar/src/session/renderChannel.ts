/**
 * Serialises renders per document, tells the sidecar's own edits from the user's, and keeps the
 * mirror honest.
 *
 * One render per document is in flight at a time (a fast stream never interleaves two). Each is
 * planned when its turn comes, against the mirror as it is then, so an edit is never computed
 * against an old version. While a render is in flight the document's didChange notifications are
 * held back. When the client answers `applied` at version W, the held changes up to W are the echo
 * of the render: they are dropped and the render's own edits are applied to the mirror instead
 * (tagged with the session as their origin, so that session does not track them as user edits).
 * Held changes after W, and all of them on a `stale` answer, are the user's and are applied then,
 * in order, after the region has committed the render.
 *
 * Resync: the client's text is fetched (`redline/documentText`) when a didChange's checksum does
 * not match the mirror, and when the client answered a render stale at a version the mirror does
 * not reach in CATCH_UP_MS. The fetch takes a turn like a render (changes are held meanwhile);
 * the fetched text replaces the mirror as one user change over the range where they differ.
 *
 * A didChange whose version is not newer than the mirror's (LSP versions increase strictly: a client
 * that re-sent a change or restarted its numbering) is refused, with an error in the log, and the
 * client's text is fetched the same way: applying it could apply a change twice, and until the text
 * is back no render of the document goes out.
 */
import {
  textChecksum,
  type DidChangeTextDocumentParams,
  type DocumentTextParams,
  type DocumentTextResult,
  type RenderParams,
  type RenderResult,
} from '@redline/shared-protocol';
import type { DocumentStore } from '../server/documents.js';
import type { Logger } from '../server/log.js';

export interface RenderPlan {
  params: Omit<RenderParams, 'uri' | 'version' | 'sessionId'>;
  /** Called once the client applied the render, before any later user change is replayed. */
  commit(): void;
}

export type RenderOutcome = 'applied' | 'stale' | 'skipped' | 'failed';

/** The requests the sidecar sends to the client about a document. */
export interface ClientRequests {
  applyRender(params: RenderParams): Promise<RenderResult>;
  documentText(params: DocumentTextParams): Promise<DocumentTextResult>;
}

/**
 * The checksum self-check of one document: `fetching` after a mismatch, `fetched` once the client's
 * text replaced the mirror (a mismatch then means the client computes checksums differently, and
 * they are `ignored` from then on).
 */
type SyncCheck = 'ok' | 'fetching' | 'fetched' | 'ignored';

interface Channel {
  tail: Promise<unknown>;
  inFlight: boolean;
  held: DidChangeTextDocumentParams[];
  /** The client reported this version on a stale answer; the next plan waits for the mirror to reach it. */
  awaitVersion: number;
  /** Called once the mirror has taken the change of `version`. */
  versionWaiters: Array<{ version: number; wake(): void }>;
  check: SyncCheck;
  /** A fetch for a refused change is queued and has not started: later refusals need no other (cleared when a fetch starts). */
  refetchQueued: boolean;
  /** The client did not give its text when asked: a refused change does not ask again. */
  fetchFailed: boolean;
}

const CATCH_UP_MS = 2000;
/** How long a client may take to send its text (`redline/documentText`); then the mirror stays as it is. */
const DOCUMENT_TEXT_MS = 5000;

export class RenderChannels {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly client: ClientRequests,
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

  /** Queues a fetch of the client's text, which then replaces the mirror. */
  resync(uri: string): Promise<void> {
    const channel = this.channel(uri);
    const run = channel.tail.then(() => this.fetchText(uri, channel));
    channel.tail = run.catch(() => undefined);
    return run;
  }

  /** The version of the last didChange received for `uri`, whether the mirror has taken it yet or it is held. */
  receivedVersion(uri: string): number {
    const held = this.channels.get(uri)?.held ?? [];
    return held.length > 0 ? held[held.length - 1].textDocument.version : (this.documents.get(uri)?.version ?? -1);
  }

  /** Runs `wake` right after the mirror has taken the change of `version` (at once if it has), before any later change. */
  whenVersion(uri: string, version: number, wake: () => void): void {
    const doc = this.documents.get(uri);
    if (!doc || doc.version >= version) wake();
    else this.channel(uri).versionWaiters.push({ version, wake });
  }

  /** The document closed: whatever waited for one of its versions goes on, and finds it gone. */
  forget(uri: string): void {
    const channel = this.channels.get(uri);
    this.channels.delete(uri);
    for (const waiter of channel?.versionWaiters.splice(0) ?? []) waiter.wake();
  }

  private async runOne(uri: string, sessionId: string, channel: Channel, plan: () => RenderPlan | null): Promise<RenderOutcome> {
    if (!(await this.catchUp(uri, channel))) await this.fetchText(uri, channel);
    const doc = this.documents.get(uri);
    if (!doc) return 'skipped';
    const planned = plan();
    if (!planned) return 'skipped';
    const version = doc.version;
    channel.inFlight = true;
    let result: RenderResult | null = null;
    try {
      result = await this.client.applyRender({ sessionId, uri, version, ...planned.params });
    } catch (err) {
      this.log.error(`render of ${uri} failed: ${(err as Error).message}`);
    }
    channel.inFlight = false;
    const held = channel.held.splice(0);
    if (result?.applied) {
      const own = result.version;
      this.documents.applyOwn(uri, planned.params.edits, own, sessionId);
      planned.commit();
      this.wake(channel, own);
      for (const change of held) if (change.textDocument.version > own) this.apply(change);
      return 'applied';
    }
    for (const change of held) this.apply(change);
    if (!result) return 'failed';
    channel.awaitVersion = result.version;
    return 'stale';
  }

  /** Asks the client for its text; changes it sent before answering are in it, later ones build on it. */
  private async fetchText(uri: string, channel: Channel): Promise<void> {
    // Whatever was refused until now is answered by this fetch; a refusal from here on queues another.
    channel.refetchQueued = false;
    if (!this.documents.get(uri)) return;
    channel.inFlight = true;
    let result: DocumentTextResult | null = null;
    let timer: NodeJS.Timeout | undefined;
    // A client that never answers must not hold the document's renders and requests for good.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DOCUMENT_TEXT_MS} ms`)), DOCUMENT_TEXT_MS);
    });
    try {
      result = await Promise.race([this.client.documentText({ uri }), timeout]);
    } catch (err) {
      this.log.warn(`could not fetch ${uri} from the client to resynchronise: ${(err as Error).message}`);
      // Its checksums cannot be acted on, so they are not compared again for this document.
      channel.check = 'ignored';
      channel.fetchFailed = true;
    } finally {
      clearTimeout(timer);
    }
    channel.inFlight = false;
    const held = channel.held.splice(0);
    if (result && this.documents.get(uri)) {
      this.documents.replaceText(uri, result.version, result.text);
      this.wake(channel, result.version);
      if (channel.check === 'fetching') channel.check = 'fetched';
    }
    for (const change of held) if (!result || change.textDocument.version > result.version) this.apply(change);
  }

  private apply(params: DidChangeTextDocumentParams): void {
    const { uri, version } = params.textDocument;
    const doc = this.documents.get(uri);
    if (doc && version <= doc.version) return this.refuse(uri, version, doc.version);
    this.documents.change(params);
    const channel = this.channels.get(uri);
    if (channel) this.wake(channel, version);
    if (params.checksum !== undefined) this.compare(uri, params.checksum);
  }

  private refuse(uri: string, version: number, mirrorVersion: number): void {
    const channel = this.channel(uri);
    const fetching = channel.fetchFailed ? 'the client did not give its text before, so the mirror stays as it is' : "fetching the client's text";
    this.log.error(`${uri}: refused a didChange to version ${version}, not newer than the mirror's version ${mirrorVersion} (versions must increase); ${fetching}`);
    if (channel.refetchQueued || channel.fetchFailed) return;
    channel.refetchQueued = true;
    void this.resync(uri);
  }

  /** The document-sync self-check: the client's checksum of its text against the mirror's. */
  private compare(uri: string, checksum: number): void {
    const doc = this.documents.get(uri);
    const channel = this.channel(uri);
    if (!doc || channel.check === 'ignored') return;
    if (textChecksum(doc.buffer.getText()) === checksum) {
      channel.check = 'ok';
      return;
    }
    if (channel.check === 'fetching') return;
    if (channel.check === 'fetched') {
      channel.check = 'ignored';
      this.log.warn(`${uri}: the client's checksums do not match even the text it just sent; they are ignored for this document`);
      return;
    }
    channel.check = 'fetching';
    this.log.warn(`${uri}: the mirror differs from the client's text at version ${doc.version} (checksum mismatch); fetching the client's text`);
    void this.resync(uri);
  }

  private wake(channel: Channel, version: number): void {
    const due = channel.versionWaiters.filter((w) => w.version <= version);
    if (due.length === 0) return;
    channel.versionWaiters = channel.versionWaiters.filter((w) => w.version > version);
    for (const waiter of due) waiter.wake();
  }

  /**
   * After a stale answer, waits (bounded) until the user's change that made it stale has arrived.
   * False when it did not come: the mirror and the client disagree about versions.
   */
  private async catchUp(uri: string, channel: Channel): Promise<boolean> {
    const doc = this.documents.get(uri);
    if (!doc || doc.version >= channel.awaitVersion) return true;
    const arrived = await this.arrival(channel, channel.awaitVersion);
    if (!arrived) {
      this.log.warn(`${uri}: the client is at version ${channel.awaitVersion} but its changes did not arrive (mirror at ${doc.version}); fetching its text`);
      channel.awaitVersion = -Infinity;
    }
    return arrived;
  }

  /**
   * Waits (bounded by CATCH_UP_MS) until the mirror has taken the change of `version`; false when it
   * did not come. A request may overtake its own didChange inside a client: vscode-languageclient
   * writes the change a few promise turns after the edit, while a command can send the edited
   * document's version at once.
   */
  reached(uri: string, version: number): Promise<boolean> {
    const doc = this.documents.get(uri);
    if (!doc || doc.version >= version) return Promise.resolve(true);
    return this.arrival(this.channel(uri), version);
  }

  private arrival(channel: Channel, version: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const waiter = {
        version,
        wake: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        channel.versionWaiters = channel.versionWaiters.filter((w) => w !== waiter);
        resolve(false);
      }, CATCH_UP_MS);
      channel.versionWaiters.push(waiter);
    });
  }

  private channel(uri: string): Channel {
    let channel = this.channels.get(uri);
    if (!channel) {
      channel = { tail: Promise.resolve(), inFlight: false, held: [], awaitVersion: -Infinity, versionWaiters: [], check: 'ok', refetchQueued: false, fetchFailed: false };
      this.channels.set(uri, channel);
    }
    return channel;
  }
}
