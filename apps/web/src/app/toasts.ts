/** Short messages for the person (a refused request, a lobby closed): shown a few seconds, then gone. */
import { createStore, useStore } from './store';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: 'error' | 'info';
}

const SHOWN_MS = 4000;
export const toastStore = createStore<readonly Toast[]>([]);
let nextId = 1;

/** Shows `message` for a few seconds. */
export function showToast(message: string, tone: Toast['tone'] = 'error'): void {
  const id = nextId++;
  toastStore.set((list) => [...list.slice(-2), { id, message, tone }]);
  setTimeout(() => dismissToast(id), SHOWN_MS);
}

/** Takes a toast away (its close button, or its time is up). */
export function dismissToast(id: number): void {
  toastStore.set((list) => (list.some((t) => t.id === id) ? list.filter((t) => t.id !== id) : list));
}

/** The toasts on screen, oldest first. */
export function useToasts(): readonly Toast[] {
  return useStore(toastStore);
}
