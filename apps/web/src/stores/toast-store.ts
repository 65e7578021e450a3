import { PROGRAMMATIC_TOAST_MS, TOAST_LIFETIME_MS } from '@teamline/contract';
import { create } from 'zustand';

export type ToastIcon = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  text: string;
  icon: ToastIcon;
  close: boolean;
  /** One button beside the text, e.g. "Undo" after a delete; pressing it runs it and closes the toast. */
  action?: { label: string; run: () => void };
}

interface ToastState {
  toasts: Toast[];
  add: (toast: Omit<Toast, 'id'>, lifetimeMs?: number) => number;
  remove: (id: number) => void;
  reset: () => void;
}

let nextId = 1;

/** docs/product/i18n-and-modes.md#toasts-and-alerts: toasts are added to a list and auto-removed after 5000 ms. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  add: (toast, lifetimeMs = TOAST_LIFETIME_MS) => {
    const id = nextId++;
    set({ toasts: [...get().toasts, { ...toast, id }] });
    setTimeout(() => get().remove(id), lifetimeMs);
    return id;
  },
  remove: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
  reset: () => set({ toasts: [] }),
}));

/** The programmatic toast: auto-dismisses after the given timeout, 2000 ms by default. */
export function toast(
  text: string,
  icon: ToastIcon = 'info',
  timeoutMs: number = PROGRAMMATIC_TOAST_MS,
): number {
  return useToastStore.getState().add({ text, icon, close: true }, timeoutMs);
}

/** A toast with the standard 5000 ms lifetime. */
export function notify(text: string, icon: ToastIcon = 'info'): number {
  return useToastStore.getState().add({ text, icon, close: true });
}

/** A toast with one action (e.g. "Undo" after a delete), with the standard 5000 ms lifetime. */
export function notifyWithAction(text: string, action: { label: string; run: () => void }): number {
  return useToastStore.getState().add({ text, icon: 'success', close: true, action });
}
