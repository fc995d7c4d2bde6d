/**
 * Contact identity (BEHAVIOUR.md inbound step 3): numbers are digits only; Brazil's mobile
 * numbers with and without the ninth digit are the same person, so both map to one key.
 */
export function digitsOnly(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** The lookup key of a WhatsApp number: Brazilian mobiles without the ninth digit. */
export function canonicalNumber(raw: string): string {
  const d = digitsOnly(raw);
  // 55 + area code (2) + 9 + 8 digits → 55 + area code + 8 digits.
  if (/^55\d{2}9\d{8}$/.test(d)) return d.slice(0, 4) + d.slice(5);
  return d;
}

/** Both spellings of a Brazilian mobile, or the number alone. */
export function ninthDigitVariants(raw: string): string[] {
  const d = digitsOnly(raw);
  if (/^55\d{2}9\d{8}$/.test(d)) return [d, d.slice(0, 4) + d.slice(5)];
  if (/^55\d{2}[6-9]\d{7}$/.test(d)) return [d, `${d.slice(0, 4)}9${d.slice(4)}`];
  return [d];
}

/** The identity key of a chat: phone numbers canonical; groups, LIDs and page-scoped ids as they are. */
export function identityKey(channel: string, chatId: string, isGroup: boolean): string {
  if (isGroup) return `group:${chatId}`;
  if (channel === 'whatsapp' || channel === 'sandbox' || channel === 'wppoficial') {
    return /^\d+$/.test(chatId) ? canonicalNumber(chatId) : `id:${chatId}`;
  }
  return `${channel}:${chatId}`;
}
