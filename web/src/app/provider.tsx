import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
import { BrandingSync } from './branding-sync';
import { queryClient } from '../lib/query-client';
import { useBrandColors, useColorMode } from '../lib/theme-mode';

/**
 * Providers every page needs: query cache, toasts, and the colour mode + brand colours as CSS
 * variables on <html>. Amplify's ThemeProvider (with its theme engine) wraps only the signed-in
 * shell, so the login page does not download it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const mode = useColorMode();
  const { main, scrollbar } = useBrandColors();

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.setProperty('--brand', main);
    root.style.setProperty('--scrollbar', scrollbar);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', main);
  }, [mode, main, scrollbar]);

  return (
    <QueryClientProvider client={queryClient}>
      <BrandingSync />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
