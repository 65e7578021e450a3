import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTabs } from './use-tabs';

afterEach(cleanup);

const keys = ['general', 'members', 'epics'] as const;

function Tabs({ vertical = false }: { vertical?: boolean }) {
  const [active, setActive] = useState<(typeof keys)[number]>('general');
  const { tabProps, panelProps } = useTabs(keys, active, setActive);
  return (
    <>
      <div role="tablist" aria-orientation={vertical ? 'vertical' : undefined}>
        {keys.map((key) => (
          <button key={key} type="button" {...tabProps(key)}>
            {key}
          </button>
        ))}
      </div>
      <section {...panelProps(active)}>panel of {active}</section>
    </>
  );
}

describe('tab keyboard behaviour (WAI-ARIA tabs)', () => {
  it('keeps only the selected tab in the Tab order and ties it to its panel', () => {
    render(<Tabs />);
    const general = screen.getByRole('tab', { name: 'general' });
    expect(general.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'members' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'general' }).textContent).toBe('panel of general');
  });

  it('moves and selects with the arrow keys, wrapping, and jumps with Home and End', () => {
    render(<Tabs />);
    const general = screen.getByRole('tab', { name: 'general' });
    general.focus();
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    const members = screen.getByRole('tab', { name: 'members' });
    expect(members.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(members);
    fireEvent.keyDown(members, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'epics' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'epics' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'general' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'general' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'epics' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'epics' }), { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel of general');
  });

  it('uses up and down in a vertical list only', () => {
    render(<Tabs vertical />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'general' }), { key: 'ArrowDown' });
    expect(screen.getByRole('tab', { name: 'members' }).getAttribute('aria-selected')).toBe('true');
    cleanup();
    render(<Tabs />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'general' }), { key: 'ArrowDown' });
    expect(screen.getByRole('tab', { name: 'general' }).getAttribute('aria-selected')).toBe('true');
  });
});
