/**
 * A throw-away certificate authority and a server certificate signed by it, made with openssl at test
 * time (nothing secret is committed). Names go into subjectAltName, so clients verify them as usual.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPki {
  /** The CA certificate (PEM) and the file holding it. */
  caPem: string;
  caFile: string;
  /** The server's key and certificate (PEM), for `https.createServer`. */
  key: string;
  cert: string;
}

export function makeTestPki(names: string[]): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'redline-pki-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', '/CN=Redline Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ec, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', `/CN=${names[0]}`);
  const altNames = names.map((n) => (/^[\d.]+$/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
  writeFileSync(at('server.ext'), `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial',
    '-out', at('server.pem'), '-days', '2', '-extfile', at('server.ext'));
  return { caPem: readFileSync(at('ca.pem'), 'utf8'), caFile: at('ca.pem'), key: readFileSync(at('server.key'), 'utf8'), cert: readFileSync(at('server.pem'), 'utf8') };
}
