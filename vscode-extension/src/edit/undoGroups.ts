/**
 * Undo steps that must go together, per document: what Ctrl+Z runs at the key (history.ts). An
 * extension can take steps off VS Code's history only with the `undo` command, which acts on
 * whatever has the focus (the focused editor, else a focused input such as Quick Open's, else the
 * active editor): run later than the key, it can take back what the user types elsewhere. So no
 * step is taken back after a verdict; the steps that belong together are left as they are and
 * remembered here, and Ctrl+Z, bound to VS Code's `runCommands`, undoes all of them at the key,
 * while the editor surely has the focus.
 *
 * - A group: the newest `steps` steps of the document, whose text after them was `top` (a state,
 *   history.ts `stateOf`). It is armed — Ctrl+Z runs its steps — from the moment it is made, and
 *   again when an undo lands on `top` (the step above it went). A change of the user's or a redo
 *   disarms it: a redo can land on `top` with the group's own step still to come (a dismissed
 *   hunk's step that changes nothing).
 * - A guard: states a Redo may not bring back (a dismissed hunk's red and green lines as plain
 *   text). The Redo's text is put right with one edit (`target`), and the redone step and that
 *   edit become a group of `steps`.
 */

/** How a change came: VS Code's undo or redo, or an edit (the user's, or an extension's). */
export type ChangeReason = 'undo' | 'redo' | 'edit';

/** Groups and guards remembered per document, newest last; older ones lie too deep in the history to matter. */
const KEPT = 32;

interface Group {
  top: string;
  steps: number;
}

interface Guard {
  target: string;
  steps: number;
}

export class StepGroups {
  private readonly groups = new Map<string, Group[]>();
  private readonly guards = new Map<string, Map<string, Guard>>();
  private readonly armedSteps = new Map<string, number>();

  /** The newest `steps` steps of `uri` go together; its text is now `top`. */
  add(uri: string, top: string, steps: number): void {
    // One group per text: the newest.
    const groups = (this.groups.get(uri) ?? []).filter((g) => g.top !== top);
    groups.push({ top, steps });
    this.groups.set(uri, groups.slice(-KEPT));
    this.armedSteps.set(uri, steps);
  }

  /** A Redo that brings back one of `states` is put right: `target`, and a group of `steps`. */
  guard(uri: string, states: Iterable<string>, target: string, steps: number): void {
    const guards = this.guards.get(uri) ?? new Map<string, Guard>();
    for (const state of states) {
      guards.delete(state);
      guards.set(state, { target, steps });
    }
    while (guards.size > KEPT) guards.delete(guards.keys().next().value!);
    this.guards.set(uri, guards);
  }

  /** Whether `uri` has anything remembered (its changes need a state only then). */
  tracks(uri: string): boolean {
    return this.groups.has(uri) || this.guards.has(uri);
  }

  /** Steps Ctrl+Z runs in `uri` now: 0 for VS Code's own one. */
  armed(uri: string): number {
    return this.armedSteps.get(uri) ?? 0;
  }

  /** Steps Ctrl+Z runs once the text is back at `state`: a group's, else one. */
  stepsAt(uri: string, state: string): number {
    return this.groups.get(uri)?.find((g) => g.top === state)?.steps ?? 1;
  }

  /** `uri` changed to `state` (read only for an undo or a redo); a guarded Redo returns the text to put and the group that edit makes with it. */
  changed(uri: string, state: string, reason: ChangeReason): Guard | null {
    const group = reason === 'undo' ? this.groups.get(uri)?.find((g) => g.top === state) : undefined;
    this.armedSteps.set(uri, group?.steps ?? 0);
    return reason === 'redo' ? (this.guards.get(uri)?.get(state) ?? null) : null;
  }

  forget(uri: string): void {
    this.groups.delete(uri);
    this.guards.delete(uri);
    this.armedSteps.delete(uri);
  }
}
