import { useEffect } from 'react';
import { useBranding } from '../lib/branding';
import { colorOrFallback, setBrandColors } from '../lib/theme-mode';

/** The favicon links the platform's icons fill (index.html keeps the SVG until one is uploaded). */
const ICONS = [
  { ref: 'favicon-32x32', rel: 'icon', sizes: '32x32' },
  { ref: 'favicon-256x256', rel: 'icon', sizes: '256x256' },
  { ref: 'apple-touch-icon', rel: 'apple-touch-icon', sizes: '180x180' },
] as const;

function setIcon(rel: string, sizes: string, href: string | undefined): void {
  const id = `brand-${rel}-${sizes}`;
  let link = document.getElementById(id) as HTMLLinkElement | null;
  if (!href) return void link?.remove();
  if (!link) {
    link = document.createElement('link');
    link.id = id;
    link.rel = rel;
    link.sizes.value = sizes;
    link.type = 'image/png';
    document.head.appendChild(link);
  }
  if (link.href !== href) link.href = href;
}

/**
 * The platform's theme on every page, signed in or not (spec 2 "Settings page" Colors, Logos/Icons):
 * main and scrollbar colours (black when the read fails or a value is empty, spec 1 §2), the toolbar
 * colour (the menu's logo strip) and the pages' background, and the uploaded favicons.
 */
export function BrandingSync(): null {
  const branding = useBranding();
  const colors = branding.data?.colors;
  const logos = branding.data?.logos;
  const settled = !branding.isPending;

  useEffect(() => {
    if (!settled) return;
    setBrandColors({ main: colorOrFallback(colors?.mainColor), scrollbar: colorOrFallback(colors?.scrollbarColor) });
    const root = document.documentElement.style;
    root.setProperty('--toolbar', colorOrFallback(colors?.toolbarBackground));
    const page = colorOrFallback(colors?.backgroundPages, '');
    if (page) root.setProperty('--page-bg', page);
    else root.removeProperty('--page-bg');
  }, [settled, colors?.mainColor, colors?.scrollbarColor, colors?.toolbarBackground, colors?.backgroundPages]);

  useEffect(() => {
    for (const icon of ICONS) setIcon(icon.rel, icon.sizes, logos?.[icon.ref]?.url);
  }, [logos]);

  return null;
}
