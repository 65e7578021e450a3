import { create } from 'zustand';

export interface AlertRequest {
  text: string;
  confirmText?: string;
  cancelText?: string;
  /** A destructive confirm (delete, remove, withdraw) is red. */
  isDanger?: boolean;
  resolve: (value: true) => void;
  reject: (reason: Error) => void;
}

export const useAlertStore = create<{
  current: AlertRequest | null;
  set: (a: AlertRequest | null) => void;
}>()((set) => ({
  current: null,
  set: (current) => set({ current }),
}));

/** The rejection an alert closed without confirming produces (docs/product/i18n-and-modes.md#toasts-and-alerts: "rejects as rejected"). */
export class AlertRejected extends Error {
  constructor() {
    super('rejected');
    this.name = 'AlertRejected';
  }
}

/** docs/product/i18n-and-modes.md#toasts-and-alerts: resolves on confirm, rejects on close or cancel. */
export function openAlert(
  text: string,
  options: { confirmText?: string; cancelText?: string; isDanger?: boolean } = {},
): Promise<true> {
  return new Promise<true>((resolve, reject) => {
    useAlertStore.getState().current?.reject(new AlertRejected());
    useAlertStore.getState().set({ text, ...options, resolve, reject });
  });
}
