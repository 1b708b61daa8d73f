import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@redline/shared-protocol';
import { Lifecycle } from './lifecycle.js';

describe('Lifecycle', () => {
  it('before initialize: only initialize runs, other requests are not initialized, notifications but exit dropped', () => {
    const lifecycle = new Lifecycle();
    expect(lifecycle.refuseRequest('initialize')).toBeNull();
    expect(lifecycle.refuseRequest('redline/inlineEdit/start')).toMatchObject({ code: ErrorCodes.ServerNotInitialized });
    expect(lifecycle.refuseRequest('shutdown')).toMatchObject({ code: ErrorCodes.ServerNotInitialized });
    expect(lifecycle.refuseNotification('textDocument/didOpen')).toBe('the server is not initialized yet');
    expect(lifecycle.refuseNotification('exit')).toBeNull();
    expect(lifecycle.exitCode).toBe(1);
  });

  it('running: everything but a second initialize', () => {
    const lifecycle = new Lifecycle();
    lifecycle.initialized();
    expect(lifecycle.refuseRequest('redline/inlineEdit/start')).toBeNull();
    expect(lifecycle.refuseNotification('textDocument/didOpen')).toBeNull();
    expect(lifecycle.refuseRequest('initialize')).toMatchObject({ code: ErrorCodes.InvalidRequest });
    expect(lifecycle.exitCode).toBe(1);
  });

  it('after shutdown: every request is invalid, only exit is taken, and exit means 0', () => {
    const lifecycle = new Lifecycle();
    lifecycle.initialized();
    lifecycle.shutDown();
    for (const method of ['redline/inlineEdit/start', 'shutdown', 'initialize']) expect(lifecycle.refuseRequest(method)).toMatchObject({ code: ErrorCodes.InvalidRequest });
    expect(lifecycle.refuseNotification('textDocument/didChange')).toBe('the server has shut down');
    expect(lifecycle.refuseNotification('exit')).toBeNull();
    lifecycle.initialized();
    expect(lifecycle.phase).toBe('shutDown');
    expect(lifecycle.exitCode).toBe(0);
  });
});
