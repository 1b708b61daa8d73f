/**
 * Which proxy a model request goes through: the `proxy` / `noProxy` settings, else the usual
 * environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, lower case first, as undici reads them). Pure: the
 * dispatcher (network.ts) is built from `proxyConfig`, and error messages name what `proxyFor` says.
 */

export interface NetworkSettings {
  proxy: string;
  noProxy: string;
  caFile: string;
}

export interface ProxyConfig {
  /** Proxy for http:// URLs; '' for none. */
  httpProxy: string;
  /** Proxy for https:// URLs; '' for none. */
  httpsProxy: string;
  /** NO_PROXY syntax: comma- or space-separated host[:port], a leading '.' or '*.' allowed, '*' for all. */
  noProxy: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Loopback is always reached directly, as Java's default `http.nonProxyHosts` does: a local model
 * server (Ollama's default) must keep working when a corporate HTTP_PROXY is set.
 */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

export function proxyConfig(settings: Pick<NetworkSettings, 'proxy' | 'noProxy'>, env: Env): ProxyConfig {
  const proxy = settings.proxy.trim();
  const httpProxy = proxy || env.http_proxy || env.HTTP_PROXY || '';
  // Like undici's EnvHttpProxyAgent: without HTTPS_PROXY, https URLs use the HTTP proxy.
  const httpsProxy = proxy || env.https_proxy || env.HTTPS_PROXY || httpProxy;
  const listed = settings.noProxy.trim() || env.no_proxy || env.NO_PROXY || '';
  return { httpProxy, httpsProxy, noProxy: [listed, ...LOOPBACK].filter((e) => e !== '').join(',') };
}

function bypassed(url: URL, noProxy: string): boolean {
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  for (const raw of noProxy.split(/[,\s]/)) {
    if (raw === '') continue;
    if (raw === '*') return true;
    const parsed = /^(.+):(\d+)$/.exec(raw);
    const entryHost = (parsed ? parsed[1] : raw).replace(/^\*?\./, '').toLowerCase();
    if (parsed && Number(parsed[2]) !== port) continue;
    if (host === entryHost || host.endsWith(`.${entryHost}`)) return true;
  }
  return false;
}

/** The proxy URL a request to `url` goes through, or null when it goes direct. */
export function proxyFor(url: string, config: ProxyConfig): string | null {
  const parsed = new URL(url);
  const proxy = parsed.protocol === 'https:' ? config.httpsProxy : config.httpProxy;
  if (proxy === '' || bypassed(parsed, config.noProxy)) return null;
  return proxy;
}

/** A proxy URL fit for messages and logs: credentials removed, even from one that does not parse. */
export function displayProxy(proxy: string): string {
  const stripped = proxy.trim().replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^@/]*@/i, '$1');
  const url = URL.parse(stripped);
  return url && url.host ? url.toString().replace(/\/$/, '') : stripped;
}

/** The password inside a proxy URL, for log masking; '' when there is none. */
export function proxyPassword(proxy: string): string {
  try {
    return decodeURIComponent(new URL(proxy).password);
  } catch {
    return '';
  }
}
