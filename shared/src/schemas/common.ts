import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';

/** A numeric id in a path: digits only, positive, bounded. */
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 40) });

/** Cursor pages (DESIGN.md "Lists page by cursor"); pageNumber is accepted for the spec's screens. */
export const PageQuery = z.object({
  cursor: z.string().max(2048).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

export const SearchPageQuery = PageQuery.extend({ searchParam: z.string().max(200).optional() });

export type Page<T> = { items: T[]; hasMore: boolean; cursor?: string };

export const Email = z.string().trim().toLowerCase().max(254).email('Invalid email');
export const Name = z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!');
/** User-form password (spec 1 §5): 5 to 50. */
export const Password = z.string().min(5, 'Too Short!').max(50, 'Too Long!');
/** Reset password rule (spec 1 §5). */
export const StrongPassword = z
  .string()
  .max(50, 'Too Long!')
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.');
export const TimeHHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
