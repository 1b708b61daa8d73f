import { readFile } from "node:fs/promises";

export async function loadConfig(path: string): Promise<Config> {
  const raw = JSON.parse(await readFile(path, "utf8"));
  return normalize(raw);
}

export interface Config {
  port: number;
  host: string;
  debug: boolean;
}

export const DEFAULTS: Config = { port: 8080, host: "localhost", debug: false };

function normalize(raw: Partial<Config>): Config {
  return {
    port: raw.port ?? DEFAULTS.port,
    host: raw.host ?? DEFAULTS.host,
    debug: raw.debug ?? DEFAULTS.debug,
  };
}
