/** A tiny toast store usable from anywhere (API handlers included); auto-close 5000 ms (spec 1 §8). */
import { useSyncExternalStore } from 'react';
import { TOAST_AUTOCLOSE_MS } from '@conversa/shared/constants';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Closes every toast of a kind: a sign-in that succeeded takes away its failed attempts' errors. */
export function dismissToasts(kind: ToastKind): void {
  toasts = toasts.filter((t) => t.kind !== kind);
  emit();
}

function push(kind: ToastKind, message: string, durationMs = TOAST_AUTOCLOSE_MS): number {
  // The same text already on screen is not stacked twice.
  const same = toasts.find((t) => t.kind === kind && t.message === message);
  if (same) return same.id;
  const id = nextId++;
  toasts = [...toasts.slice(-4), { id, kind, message }];
  emit();
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export const toast = {
  success: (m: string, ms?: number) => push('success', m, ms),
  error: (m: string, ms?: number) => push('error', m, ms),
  warning: (m: string, ms?: number) => push('warning', m, ms),
  info: (m: string, ms?: number) => push('info', m, ms),
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
