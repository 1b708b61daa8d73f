export function parseHeader(line: string): [string, string] | null {
  const colon = line.indexOf(":");
  if (colon < 0) {
    return null;
  }
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line.slice(colon + 1).trim();
  return [name, value];
}

export function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split("\r\n")) {
    const header = parseHeader(line);
    if (header) headers.set(header[0], header[1]);
  }
  return headers;
}
