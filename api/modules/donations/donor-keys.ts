/** How a donor is recognised across gifts (docs/decisions/0021-campaign-donations.md). */

/** lower(trim(email)). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** "First Last" in lower case without accents, punctuation or doubled spaces. */
export function nameKey(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The five-digit ZIP of a ZIP or ZIP+4. */
export function zip5(zip: string): string {
  return zip.trim().slice(0, 5);
}
