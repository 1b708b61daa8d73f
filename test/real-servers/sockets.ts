/**
 * The TCP connections a process holds to a port, read from Linux's /proc: its socket inodes
 * (/proc/PID/fd) looked up in the kernel's connection tables (/proc/net/tcp, tcp6).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const ESTABLISHED = '01';

/** The local ports of `pid`'s established connections to `remotePort`. */
export function connectionsTo(pid: number, remotePort: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // Closed between the listing and the read.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
      const [, local, remote, state, , , , , , inode] = row.trim().split(/\s+/);
      if (!inode || state !== ESTABLISHED || !inodes.has(inode)) continue;
      if (parseInt(remote.split(':')[1], 16) === remotePort) ports.push(parseInt(local.split(':')[1], 16));
    }
  }
  return ports;
}
