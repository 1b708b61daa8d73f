/**
 * The HTTP client and its dispatcher: undici's EnvHttpProxyAgent configured from the network
 * settings, and the trusted certificate authorities. Imported on the first model request only
 * (http.ts), so starting the sidecar loads none of undici.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { displayProxy, proxyConfig, type NetworkSettings, type ProxyConfig } from './proxy.js';
import { ModelError } from './types.js';

export { request } from 'undici';

const PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks:'];

let current: { key: string; dispatcher: Dispatcher; config: ProxyConfig } | null = null;

function readPem(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new ModelError('connection', `Cannot read ${what} ${file} (${code}).`);
  }
}

/**
 * Node's own authorities, NODE_EXTRA_CA_CERTS (Node adds it only to the store it uses when no `ca`
 * is given) and the `caFile` setting's certificates.
 */
function trustedCertificates(caFile: string): string[] {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  return [...rootCertificates, ...(extra ? [readPem(extra, 'NODE_EXTRA_CA_CERTS')] : []), readPem(caFile, "the `caFile` setting's file")];
}

/** The dispatcher for these settings; rebuilt (and the old one closed gracefully) when they change. */
export function dispatcherFor(settings: NetworkSettings): { dispatcher: Dispatcher; config: ProxyConfig } {
  const config = proxyConfig(settings, process.env);
  const caFile = settings.caFile.trim();
  const key = JSON.stringify([config, caFile]);
  if (current?.key === key) return current;
  for (const proxy of new Set([config.httpProxy, config.httpsProxy])) {
    if (proxy !== '' && !PROXY_SCHEMES.includes(URL.parse(proxy)?.protocol ?? '')) {
      throw new ModelError('connection', `The proxy '${displayProxy(proxy)}' (the \`proxy\` setting or HTTPS_PROXY / HTTP_PROXY) is not a proxy URL; expected http://host:port, https://… or socks5://….`);
    }
  }
  const tls = caFile === '' ? {} : { ca: trustedCertificates(caFile) };
  // connect: direct connections; requestTls: the server behind a proxy tunnel; proxyTls: an https:// proxy.
  const dispatcher = new EnvHttpProxyAgent({ ...config, connect: tls, requestTls: tls, proxyTls: tls });
  void current?.dispatcher.close();
  current = { key, dispatcher, config };
  return current;
}
