/**
 * The editor's own checks of a proposal, asked of the client: its formatter (`redline/formatText`)
 * and its analysis (`redline/diagnoseText`), each run on an in-memory copy. They are asked only of a
 * client that said in `initialize` that it can, with the setting on. A client that cannot (no
 * formatter for the language, a failure, no answer within the budget) leaves the proposal as it is:
 * one log line, and the request is cancelled.
 */
import { CancellationTokenSource, type CancellationToken } from 'vscode-jsonrpc/node.js';
import type {
  ClientCapabilities,
  CopyProblems,
  DiagnoseTextParams,
  DiagnoseTextResult,
  FormatTextParams,
  FormatTextResult,
  RedlineSettings,
} from '@redline/shared-protocol';
import type { Logger } from '../server/log.js';

export interface ClientCheckRequests {
  formatText(params: FormatTextParams, token: CancellationToken): Promise<FormatTextResult>;
  diagnoseText(params: DiagnoseTextParams, token: CancellationToken): Promise<DiagnoseTextResult>;
}

/** What a session asks, without the budget (the checks add what is left of it). */
export type FormatInput = Omit<FormatTextParams, 'budgetMs'>;
export type DiagnoseInput = Omit<DiagnoseTextParams, 'budgetMs'>;

class OverBudget extends Error {}

export class ClientChecks {
  private can = { format: false, diagnose: false };

  constructor(
    private readonly requests: ClientCheckRequests,
    private readonly settings: () => Readonly<RedlineSettings>,
    private readonly log: Logger,
  ) {}

  /** What the client said it can do, in `initialize`. */
  setCapabilities(capabilities: ClientCapabilities): void {
    this.can = { format: capabilities.redlineFormatText === true, diagnose: capabilities.redlineDiagnoseText === true };
  }

  get formats(): boolean {
    return this.can.format && this.settings().formatProposals;
  }

  get diagnoses(): boolean {
    return this.can.diagnose && this.settings().proposalDiagnostics;
  }

  /**
   * When the checks of a proposal finished now must be done (performance.now()): the budget
   * (`editorChecksBudgetMs`) is for both, the formatter first, then the analysis with what is left.
   */
  deadline(): number {
    return performance.now() + this.settings().editorChecksBudgetMs;
  }

  /** The formatted copy, or null (not asked, or the client could not: logged). `deadline` is a performance.now() time. */
  async format(who: string, input: FormatInput, deadline: number): Promise<string | null> {
    if (!this.formats) return null;
    const result = await this.ask(who, 'formatted', deadline, (budgetMs, token) => this.requests.formatText({ ...input, budgetMs }, token));
    if (result && result.text === undefined) this.log.info(`${who}: the proposal was not formatted: ${result.reason ?? 'the client gave no reason'}`);
    return result?.text ?? null;
  }

  /** The problems of both copies, or null (not asked, or the client could not: logged). */
  async diagnose(who: string, input: DiagnoseInput, deadline: number): Promise<CopyProblems | null> {
    if (!this.diagnoses) return null;
    const result = await this.ask(who, 'analysed', deadline, (budgetMs, token) => this.requests.diagnoseText({ ...input, budgetMs }, token));
    if (result && result.problems === undefined) this.log.info(`${who}: the proposal was not analysed: ${result.reason ?? 'the client gave no reason'}`);
    return result?.problems ?? null;
  }

  /** One request within what is left of the budget; a failure or the budget's end is one log line and null. */
  private async ask<T>(who: string, done: string, deadline: number, send: (budgetMs: number, token: CancellationToken) => Promise<T>): Promise<T | null> {
    const budgetMs = Math.floor(deadline - performance.now());
    if (budgetMs <= 0) {
      this.log.info(`${who}: the proposal was not ${done}: no time was left of the ${this.settings().editorChecksBudgetMs} ms the editor's checks may take (editorChecksBudgetMs)`);
      return null;
    }
    const source = new CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    const overBudget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OverBudget()), budgetMs);
    });
    try {
      return await Promise.race([send(budgetMs, source.token), overBudget]);
    } catch (err) {
      source.cancel();
      const why = err instanceof OverBudget ? `the editor gave no answer within ${budgetMs} ms` : `the editor failed: ${(err as Error).message}`;
      this.log.warn(`${who}: the proposal was not ${done}: ${why}`);
      return null;
    } finally {
      clearTimeout(timer);
      source.dispose();
    }
  }
}
