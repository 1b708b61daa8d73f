/**
 * Masking of secrets (the API key) in text that may be logged or shown: every stretch of the text
 * that equals a fragment of the secret of MIN_FRAGMENT characters or more becomes `***`, so a key
 * cut short by a truncation, or quoted in part, is masked too. Mask first, truncate after.
 */

/** Shorter fragments are too likely to be ordinary text. */
export const MIN_FRAGMENT = 6;

/**
 * `text` with every occurrence of a fragment of a secret masked; a secret shorter than
 * MIN_FRAGMENT is masked only whole. Linear in the text for each secret (one scan per fragment
 * of MIN_FRAGMENT characters: any longer fragment is covered by those).
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const covered = new Uint8Array(text.length);
  let any = false;
  for (const secret of secrets) {
    if (secret === '') continue;
    const size = Math.min(secret.length, MIN_FRAGMENT);
    const fragments = new Set<string>();
    for (let i = 0; i + size <= secret.length; i++) fragments.add(secret.slice(i, i + size));
    if (secret.length < MIN_FRAGMENT) fragments.add(secret);
    for (const fragment of fragments) {
      for (let at = text.indexOf(fragment); at >= 0; at = text.indexOf(fragment, at + 1)) {
        covered.fill(1, at, at + fragment.length);
        any = true;
      }
    }
  }
  if (!any) return text;
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (!covered[i]) {
      const next = covered.indexOf(1, i);
      const end = next < 0 ? text.length : next;
      out += text.slice(i, end);
      i = end;
    } else {
      out += '***';
      while (i < text.length && covered[i]) i++;
    }
  }
  return out;
}

/**
 * `text` masked, then cut to `limit` characters (with `…`). A long text is cut to `limit` plus the
 * longest secret before masking, so the work stays bounded; every fragment of MIN_FRAGMENT or more
 * characters in what is kept is still masked (one cut short by that first cut is masked if it is
 * still that long, and shown only if it is not).
 */
export function maskThenTruncate(text: string, secrets: readonly string[], limit: number): string {
  const reach = Math.max(0, ...secrets.map((s) => s.length));
  const cut = text.length > limit + reach;
  const masked = maskSecrets(cut ? text.slice(0, limit + reach) : text, secrets);
  return cut || masked.length > limit ? `${masked.slice(0, limit)}…` : masked;
}
