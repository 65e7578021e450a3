import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { DateInput } from './DateInput';
import { TextInput } from './TextInput';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const shown = (container: HTMLElement) => container.querySelector('.date-input__text')?.textContent;

describe('DateInput shows the day in the app language, not the browser one', () => {
  it.each([
    ['kr', '2026.11.03'],
    ['en', 'Nov 3, 2026'],
    ['vi', '03/11/2026'],
  ] as const)('%s: %s', async (lang, text) => {
    await act(() => setLanguage(lang));
    const { container } = render(<DateInput aria-label="d" value="2026-11-03" onChange={() => {}} />);
    expect(shown(container)).toBe(text);
  });

  it('follows typing in an uncontrolled field and shows the pattern when empty', async () => {
    await act(() => setLanguage('vi'));
    const { container } = render(<DateInput aria-label="d" />);
    expect(shown(container)).toBe('DD/MM/YYYY');
    const input = screen.getByLabelText('d');
    fireEvent.input(input, { target: { value: '2026-01-31' } });
    expect(shown(container)).toBe('31/01/2026');
  });

  it('a TextInput of type month uses it, once its chunk is in (a plain month input until then)', async () => {
    await act(() => setLanguage('kr'));
    const { container } = render(<TextInput label="Start" type="month" defaultValue="2024-03" />);
    await waitFor(() => expect(shown(container)).toBe('2024.03'));
    expect(screen.getByLabelText('Start')).toHaveProperty('value', '2024-03');
  });
});
