/** The checks that decide a request needs no model at all, or that its answer is no longer wanted. */
import { languageList } from '@redline/shared-protocol';

const WORD = /[\p{L}\p{N}_$]/u;

/** Mid-word: the model would only finish the word, which the language server's suggestions already do. */
export function isMidWord(lineBefore: string, lineAfter: string): boolean {
  return WORD.test(lineBefore.slice(-1)) && WORD.test(lineAfter.slice(0, 1));
}

/** Completion is off, or off for the document's language (the client may still ask, e.g. an older one). */
export function completionOff(settings: { completionEnabled: boolean; completionDisabledLanguages: string }, languageId: string): boolean {
  return !settings.completionEnabled || languageList(settings.completionDisabledLanguages).has(languageId.toLowerCase());
}

export interface SubsequentInput {
  automatic: boolean;
  enableSubsequentCompletions: boolean;
  /** The document version when a suggestion was last accepted in it, if ever. */
  acceptedAtVersion: number | undefined;
  version: number;
}

/** With subsequent completions off, an accept is followed by silence until the user types. */
export function awaitingTyping(input: SubsequentInput): boolean {
  return input.automatic && !input.enableSubsequentCompletions && input.acceptedAtVersion === input.version;
}

export interface Liveness {
  id: number;
  latestId: number;
  cancelled: boolean;
  version: number;
  currentVersion: number | undefined;
}

/** An answer is only for the newest request, not cancelled by the client, on an unchanged document. */
export function isStale(l: Liveness): boolean {
  return l.id !== l.latestId || l.cancelled || l.version !== l.currentVersion;
}
