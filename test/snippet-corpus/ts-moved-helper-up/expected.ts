import { readFile } from "node:fs/promises";

export interface Config {
  port: number;
  host: string;
  debug: boolean;
}

export const DEFAULTS: Config = { port: 8080, host: "localhost", debug: false };

function normalize(raw: Partial<Config>): Config {
  const port = raw.port ?? DEFAULTS.port;
  if (!Number.isInteger(port) || port <= 0) throw new Error(`invalid port: ${port}`);
  return {
    port,
    host: raw.host ?? DEFAULTS.host,
    debug: raw.debug ?? DEFAULTS.debug,
  };
}

export async function loadConfig(path: string): Promise<Config> {
  const raw = JSON.parse(await readFile(path, "utf8"));
  return normalize(raw);
}
