/**
 * LSP's server lifecycle. Before `initialize` only `initialize` is served: other requests get
 * ServerNotInitialized and notifications are dropped (`exit` excepted). After `shutdown` every
 * request gets InvalidRequest and only `exit` is taken. `exit` ends the process with 0 after a
 * shutdown and 1 otherwise.
 */
import { ErrorCodes } from '@redline/shared-protocol';

export type LifecyclePhase = 'starting' | 'running' | 'shutDown';

export class Lifecycle {
  private state: LifecyclePhase = 'starting';

  get phase(): LifecyclePhase {
    return this.state;
  }

  /** After the initialize request is answered (not before its params were found to fit). */
  initialized(): void {
    if (this.state === 'starting') this.state = 'running';
  }

  shutDown(): void {
    this.state = 'shutDown';
  }

  get exitCode(): 0 | 1 {
    return this.state === 'shutDown' ? 0 : 1;
  }

  /** The error for a request that must not run now, or null. */
  refuseRequest(method: string): { code: number; message: string } | null {
    switch (this.state) {
      case 'starting':
        return method === 'initialize' ? null : { code: ErrorCodes.ServerNotInitialized, message: `${method}: the server is not initialized (send initialize first).` };
      case 'running':
        return method === 'initialize' ? { code: ErrorCodes.InvalidRequest, message: 'initialize: the server is already initialized.' } : null;
      case 'shutDown':
        return { code: ErrorCodes.InvalidRequest, message: `${method}: the server has shut down (only exit is accepted).` };
    }
  }

  /** Why a notification must not be handled now, or null. */
  refuseNotification(method: string): string | null {
    if (method === 'exit' || this.state === 'running') return null;
    return this.state === 'starting' ? 'the server is not initialized yet' : 'the server has shut down';
  }
}
