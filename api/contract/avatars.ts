import type { AccountKind } from './accounts';

// Small words carry no identity: "Citizens for Clean Water" should read CC, not CF.
const ORG_STOP_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to']);

function asciiWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9']+/)
    .map((w) => w.replace(/[^A-Za-z]/g, ''))
    .filter((w) => w.length > 0);
}

/** First + last initial for a person; initials of the first two significant words for an organization. */
export function initialsFor(name: string, kind: AccountKind = 'individual'): string {
  const words = asciiWords(name);
  const picked =
    kind === 'organization'
      ? (words.filter((w) => !ORG_STOP_WORDS.has(w.toLowerCase())).slice(0, 2) as string[])
      : words.length > 1
        ? [words[0]!, words[words.length - 1]!]
        : words;
  const source = picked.length > 0 ? picked : words;
  const initials = source.map((w) => w[0]!.toUpperCase()).join('');
  // A name with no Latin letter at all (e.g. only CJK) still needs a valid file name.
  return initials.length > 0 ? initials.slice(0, 2) : 'U';
}

/** FNV-1a: stable across runs and machines, unlike anything seeded from the clock. */
export function hueFor(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of key.trim().toLowerCase()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 360;
}

/**
 * The generated-avatar URL for an account: `/media/avatars/<INITIALS>-<HUE>.svg`. The key
 * (normally the email) fixes the colour, so two "J R"s still look different.
 */
export function avatarUrlFor(name: string, key: string, kind: AccountKind = 'individual'): string {
  return `/media/avatars/${initialsFor(name, kind)}-${hueFor(key)}.svg`;
}

/** A generated avatar's file name under /media/avatars/: initials, a dash, the hue. */
const GENERATED_AVATAR_FILE = /^([A-Z]{1,2})-([0-9]{1,3})\.svg$/;

/** The initials and hue a generated avatar's URL draws, or null for any other image (an upload). */
export function generatedAvatar(url: string): { initials: string; hue: number } | null {
  const prefix = '/media/avatars/';
  if (!url.startsWith(prefix)) return null;
  const match = GENERATED_AVATAR_FILE.exec(url.slice(prefix.length));
  return match ? { initials: match[1]!, hue: Number(match[2]) % 360 } : null;
}
