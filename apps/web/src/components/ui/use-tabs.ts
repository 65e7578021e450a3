import { useId, useRef, type KeyboardEvent } from 'react';

/**
 * Keyboard behaviour of a WAI-ARIA tab list, written once: one tab in the Tab order (the selected
 * one), arrow keys move between tabs and select them (automatic activation), Home and End jump to
 * the ends. Each tab is tied to its panel by id. Use: spread `tabProps(key)` on each `role="tab"`
 * button and `panelProps(key)` on the `role="tabpanel"`.
 */
export function useTabs<K extends string>(keys: readonly K[], active: K, select: (key: K) => void) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const move = (from: K, event: KeyboardEvent<HTMLButtonElement>) => {
    const at = keys.indexOf(from);
    const vertical = event.currentTarget.closest('[aria-orientation="vertical"]') != null;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: keys.length - 1 } as Record<
      string,
      number
    >;
    if (vertical) {
      next.ArrowDown = at + 1;
      next.ArrowUp = at - 1;
    }
    const target = next[event.key];
    if (target === undefined || keys.length === 0) return;
    event.preventDefault();
    const key = keys[(target + keys.length) % keys.length]!;
    select(key);
    refs.current.get(key)?.focus();
  };

  return {
    tabProps: (key: K) => ({
      id: tabId(key),
      role: 'tab' as const,
      'aria-selected': key === active,
      'aria-controls': panelId(key),
      tabIndex: key === active ? 0 : -1,
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => move(key, event),
      ref: (el: HTMLButtonElement | null) => {
        if (el) refs.current.set(key, el);
        else refs.current.delete(key);
      },
    }),
    panelProps: (key: K) => ({
      id: panelId(key),
      role: 'tabpanel' as const,
      'aria-labelledby': tabId(key),
      tabIndex: 0,
    }),
  };
}
