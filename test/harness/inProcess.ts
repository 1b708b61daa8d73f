/** The sidecar's server in this process, over real JSON-RPC framing on in-memory pipes. */
import { PassThrough } from 'node:stream';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import type { RedlineSettingsPatch } from '@redline/shared-protocol';
import { startServer } from '../../sidecar/src/server/server.js';
import { SidecarClient } from '@redline/client';

export async function inProcessSidecar(settings: RedlineSettingsPatch): Promise<SidecarClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const raw = createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(raw, { onExit: () => raw.dispose() });
  raw.listen();
  return SidecarClient.connect(toClient, toServer, settings);
}
