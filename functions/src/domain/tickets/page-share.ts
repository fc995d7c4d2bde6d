/**
 * The share of keys (status lists) or candidates (search) that a page's first round takes the
 * filters to keep, to size that round: the share the cursor carries, half when filters apply and
 * none is known yet, else all.
 */
export const firstShare = (filtered: boolean, share: number | undefined) => (filtered ? (share ?? 0.5) : 1);
