/** The sidecar's server in this process, over its real JSON-RPC edge on in-memory pipes. */
import { PassThrough } from 'node:stream';
import type { RedlineSettingsPatch } from '@redline/shared-protocol';
import { startServer } from '../../sidecar/src/server/server.js';
import { sidecarConnection } from '../../sidecar/src/server/wire.js';
import { SidecarClient } from '@redline/client';

export interface InProcessServer {
  client: SidecarClient;
  /** The sidecar's mirror of a document, to compare with the client's copy. */
  mirror(uri: string): string | undefined;
}

export async function inProcessServer(settings: RedlineSettingsPatch): Promise<InProcessServer> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const raw = sidecarConnection(toServer, toClient);
  const server = startServer(raw, { onExit: () => raw.dispose() });
  raw.listen();
  const client = await SidecarClient.connect(toClient, toServer, settings);
  return { client, mirror: (uri) => server.documents.get(uri)?.buffer.getText() };
}

export async function inProcessSidecar(settings: RedlineSettingsPatch): Promise<SidecarClient> {
  return (await inProcessServer(settings)).client;
}
