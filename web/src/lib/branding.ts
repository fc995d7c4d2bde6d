import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandingView } from '@conversa/shared/schemas/branding';
import { api } from './api';

/** GET /branding (public): the platform's logos, documents (short-lived URLs) and colour theme. */
export const getBranding = (): Promise<BrandingView> => api.get<BrandingView>('/branding');

export const brandingKey = ['branding'] as const;

/** The URLs live 10 minutes: read again before they expire. Silent: a failure keeps the defaults (spec 1 §2: black). */
export const getBrandingQueryOptions = () =>
  queryOptions({ queryKey: brandingKey, queryFn: getBranding, staleTime: 5 * 60_000, refetchInterval: 8 * 60_000, retry: 1, meta: { silent: true } });

export const useBranding = () => useQuery(getBrandingQueryOptions());
