/** The sidecar's server in this process, over its real JSON-RPC edge on in-memory pipes. */
import { PassThrough } from 'node:stream';
import type { RedlineSettingsPatch } from '@redline/shared-protocol';
import { startServer } from '../../sidecar/src/server/server.js';
import { sidecarConnection } from '../../sidecar/src/server/wire.js';
import { SidecarClient } from '@redline/client';

export async function inProcessSidecar(settings: RedlineSettingsPatch): Promise<SidecarClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const raw = sidecarConnection(toServer, toClient);
  startServer(raw, { onExit: () => raw.dispose() });
  raw.listen();
  return SidecarClient.connect(toClient, toServer, settings);
}
