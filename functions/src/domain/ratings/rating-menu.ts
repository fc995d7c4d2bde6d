/**
 * The rating menu the customer receives when a ticket is resolved with a rating, and how their
 * answer is read. One message, blocks separated by a blank line: the connection's `ratingMessage`
 * (when set), the rating's message, then one line per option numbered by its position:
 *
 *   Por favor, avalie nosso atendimento
 *
 *   Como foi o atendimento?
 *
 *   *1* - Ótimo
 *   *2* - Bom
 *   *3* - Ruim
 *
 * Positions, not values, number the lines: values are a score scale (0–10, 1–5, 0/50/100) that
 * may not start at 1, and a customer types what they see. An answer is the position number
 * (bold marks and a trailing dot or parenthesis tolerated: `*2*`, `2.`, `2)`) or the option's
 * name, case and accents aside; anything else is no answer.
 */
import type { Rating, RatingOption } from '../../adapters/db/ratings';

export function ratingMenu(rating: Pick<Rating, 'message' | 'options'>, ratingMessage?: string): string {
  const lines = rating.options.map((o, i) => `*${i + 1}* - ${o.name}`).join('\n');
  return [ratingMessage?.trim(), rating.message.trim(), lines].filter(Boolean).join('\n\n');
}

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

export function pickOption(options: readonly RatingOption[], text: string): RatingOption | undefined {
  const answer = text.trim().replace(/^\*(.*)\*$/s, '$1').trim();
  const number = /^(\d{1,3})[.)]?$/.exec(answer);
  if (number) return options[Number(number[1]) - 1];
  const name = fold(answer);
  return name ? options.find((o) => fold(o.name) === name) : undefined;
}
