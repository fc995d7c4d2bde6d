import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The access token, kept in localStorage (spec 1 §7) and observable by React. */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: string | null = readStorage(STORAGE_KEYS.token);

export function getToken(): string | null {
  return current;
}

export function setToken(token: string): void {
  current = token;
  writeStorage(STORAGE_KEYS.token, token);
  listeners.forEach((l) => l());
}

/** A 401 clears the token and the company id (spec 1 §4). */
export function clearToken(): void {
  current = null;
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.companyId);
  removeStorage(STORAGE_KEYS.userId);
  listeners.forEach((l) => l());
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}
