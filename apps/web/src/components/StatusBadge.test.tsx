import { milestoneStatuses, storyStatuses } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { StatusBadge } from './StatusBadge';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const all = [...new Set([...storyStatuses, ...milestoneStatuses])];

describe('StatusBadge', () => {
  it.each(['kr', 'en', 'vi'] as const)('%s: one distinct word per status', (lang) => {
    const words = all.map((s) => resources[lang].ui.status[s]);
    expect(words.every((w) => typeof w === 'string' && w.length > 0)).toBe(true);
    expect(new Set(words).size).toBe(words.length);
  });

  it('shows the word of the current language with the status colour class', async () => {
    render(<StatusBadge status="pending" />);
    expect(screen.getByText('To do').className).toContain('status--pending');
    await act(() => setLanguage('vi'));
    expect(screen.getByText('Cần làm')).toBeTruthy();
  });
});
