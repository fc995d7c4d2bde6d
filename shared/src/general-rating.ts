/**
 * The company's general rating (spec 3 "Ratings list"): at most one rating is marked `geral`, the
 * one the resolve dialog offers first. Marking another moves the mark: the one that had it loses it.
 */
type Marked = { id: number; geral: boolean };

/** Whether `other` loses the general mark when `saved` is written. */
export const losesGeneralMark = (other: Marked, saved: Marked): boolean => saved.geral && other.geral && other.id !== saved.id;
