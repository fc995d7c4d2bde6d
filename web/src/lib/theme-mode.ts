/**
 * Colour mode (kept locally, default from the system) and the brand colours that come from the
 * company settings (spec 1 §2 "Main layout").
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_MAIN_COLOR } from '@conversa/shared/constants';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type ColorMode = 'light' | 'dark';

function systemMode(): ColorMode {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function initialMode(): ColorMode {
  const v = readStorage(STORAGE_KEYS.colorMode);
  return v === 'dark' || v === 'light' ? v : systemMode();
}

let mode: ColorMode = initialMode();
const listeners = new Set<() => void>();

export function setColorMode(next: ColorMode): void {
  mode = next;
  writeStorage(STORAGE_KEYS.colorMode, next);
  listeners.forEach((l) => l());
}

export function useColorMode(): ColorMode {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => mode,
    () => mode,
  );
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A usable colour from a setting value: valid hex or the fallback (spec: black when failing or empty). */
export function colorOrFallback(value: string | null | undefined, fallback = '#000000'): string {
  const v = (value ?? '').trim();
  return HEX.test(v) ? v : fallback;
}

/** The colour the login page uses before any setting is known: the last one seen, else the default. */
export function cachedMainColor(): string {
  return colorOrFallback(readStorage(STORAGE_KEYS.mainColor), DEFAULT_MAIN_COLOR);
}

export function rememberMainColor(color: string): void {
  writeStorage(STORAGE_KEYS.mainColor, color);
}

/** Main and scrollbar colours currently applied (the layout loads them from the settings). */
export type BrandColors = { main: string; scrollbar: string };
let brand: BrandColors = { main: cachedMainColor(), scrollbar: cachedMainColor() };
const brandListeners = new Set<() => void>();

export function setBrandColors(next: BrandColors): void {
  if (next.main === brand.main && next.scrollbar === brand.scrollbar) return;
  brand = next;
  rememberMainColor(next.main);
  brandListeners.forEach((l) => l());
}

export function useBrandColors(): BrandColors {
  return useSyncExternalStore(
    (l) => {
      brandListeners.add(l);
      return () => brandListeners.delete(l);
    },
    () => brand,
    () => brand,
  );
}
