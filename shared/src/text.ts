/** Accents off, lower case: how stored search texts (companies, invoices) are written and searched. */
export const foldText = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
