import type { SearchHit, SearchKind } from '@teamline/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { OPEN_PALETTE_EVENT } from './open-palette';
import './command-palette.css';

const RECENT_KEY = 'teamline.search.recent';
const RECENT_MAX = 6;
const DEBOUNCE_MS = 200;

/** One line of the list: a result, a recent item or an action, with where Enter goes. */
interface Option {
  id: string;
  group: string;
  label: string;
  ranges: [number, number][];
  detail: string;
  to?: string;
  run?: () => void;
}

interface Recent {
  id: string;
  label: string;
  detail: string;
  to: string;
}

/** Where a result's page is. */
export function pathOf(hit: SearchHit): string {
  switch (hit.kind) {
    case 'story':
      return `/timeline/${hit.projectIdx}?selectedStory=${hit.idx}`;
    case 'milestone':
      return `/timeline/${hit.projectIdx}?selectedMilestone=${hit.idx}`;
    case 'epic':
      return `/epic/${hit.projectIdx}`;
    case 'document':
      return `/document?documentIdx=${hit.idx}`;
    case 'member':
      return `/setting`;
    case 'request':
      return `/request/${hit.projectIdx}`;
    case 'recruitment':
      return `/recruitment`;
  }
}

export function readRecents(): Recent[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value) ? (value as Recent[]).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function remember(item: Recent) {
  const next = [item, ...readRecents().filter((r) => r.id !== item.id)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses the recents.
  }
}

/** The text with its matched ranges in <mark>: React escapes the text, no HTML is injected. */
function Highlighted({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

export interface PaletteAction {
  id: string;
  label: string;
  to?: string;
  run?: () => void;
}

/**
 * The command palette (issue 34, docs/product/search.md): Ctrl/⌘-K anywhere in the signed-in app, or
 * the header's search button.
 * A combobox over a listbox (WAI-ARIA: focus stays in the input, aria-activedescendant names the
 * active option), the count announced in a polite live region; recent items and actions when the
 * query is empty, results grouped by kind otherwise.
 */
export function CommandPalette({ actions }: { actions: PaletteAction[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where focus was before the palette opened: it goes back there when the palette closes. */
  const returnTo = useRef<HTMLElement | null>(null);
  const base = useId();

  useEffect(() => {
    const show = () => {
      if (document.activeElement instanceof HTMLElement && !inputRef.current)
        returnTo.current = document.activeElement;
      setOpen(true);
    };
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    // The header's search button (on a phone there is no shortcut to press).
    window.addEventListener(OPEN_PALETTE_EVENT, show);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_PALETTE_EVENT, show);
    };
  }, []);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  const close = (restoreFocus = true) => {
    setOpen(false);
    setText('');
    setQuery('');
    setActive(0);
    if (restoreFocus) returnTo.current?.focus();
    returnTo.current = null;
  };
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // A new query key aborts the previous request (TanStack Query passes the signal).
  const results = useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => api.get('search', { query: { q: query }, signal }),
    enabled: open && query.length > 0,
    staleTime: 10_000,
  });

  const options = useMemo<Option[]>(() => {
    if (!query) {
      const recents = readRecents().map((r) => ({ ...r, group: t('ui.search.recent'), ranges: [] }));
      const acts = actions.map((a) => ({ ...a, group: t('ui.search.actions'), ranges: [], detail: '' }));
      return [...recents, ...acts];
    }
    const hits = results.data?.items ?? [];
    const kinds = [...new Set(hits.map((h) => h.kind))] as SearchKind[];
    return kinds.flatMap((kind) =>
      hits
        .filter((h) => h.kind === kind)
        .map((h) => ({
          id: `${h.kind}-${h.idx}`,
          group: t(`ui.search.kinds.${kind}`),
          label: h.key ? `${h.key} ${h.title}` : h.title,
          ranges: h.key
            ? h.titleRanges.map(
                ([s, e]) => [s + h.key!.length + 1, e + h.key!.length + 1] as [number, number],
              )
            : h.titleRanges,
          detail: h.snippet || h.projectName,
          to: pathOf(h),
        })),
    );
  }, [query, results.data, actions, t]);

  if (!open) return null;

  const current = Math.max(0, Math.min(active, options.length - 1));
  const choose = (option: Option | undefined) => {
    if (!option) return;
    close(false);
    if (option.run) return option.run();
    if (option.to) {
      if (query) remember({ id: option.id, label: option.label, detail: option.detail, to: option.to });
      void navigate(option.to);
    }
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (options.length ? (i + 1) % options.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (options.length ? (i - 1 + options.length) % options.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]);
    } else if (event.key === 'Tab') {
      // A modal dialog: focus stays in the box (the list is reached with the arrows).
      event.preventDefault();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const listId = `${base}-list`;
  const optionId = (i: number) => `${base}-opt-${i}`;
  const waiting = !!query && (results.isFetching || query !== text.trim());
  const status = !query
    ? ''
    : results.isError
      ? t('ui.search.error')
      : waiting
        ? t('ui.search.loading')
        : options.length === 0
          ? t('ui.search.empty')
          : t('ui.search.results', { count: options.length });

  let lastGroup = '';
  return (
    <div className="palette-backdrop" onMouseDown={() => close()}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label={t('ui.search.label')}
        onMouseDown={(e) => e.stopPropagation()}
      >
        <input
          ref={inputRef}
          className="palette__input"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length ? optionId(current) : undefined}
          aria-label={t('ui.search.label')}
          placeholder={t('ui.search.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="palette__status" role="status" aria-live="polite">
          {status}
        </div>
        <ul className="palette__list" id={listId} role="listbox" aria-label={t('ui.search.label')}>
          {options.map((option, i) => {
            const header = option.group !== lastGroup ? option.group : null;
            lastGroup = option.group;
            return (
              <li
                key={option.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                className={`palette__option${i === current ? ' palette__option--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(i)}
              >
                {header && (
                  <span className="palette__group" aria-hidden="true">
                    {header}
                  </span>
                )}
                <span className="palette__label">
                  <Highlighted text={option.label} ranges={option.ranges} />
                </span>
                {option.detail && <span className="palette__detail">{option.detail}</span>}
              </li>
            );
          })}
        </ul>
        <p className="palette__hint">{t('ui.search.hint')}</p>
      </div>
    </div>
  );
}
