import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { TextInput } from './TextInput';

afterEach(cleanup);

describe('TextInput', () => {
  it('number-only mode cancels letters and lets digits through', () => {
    render(<TextInput label="Phone" isNumberOnly />);
    const input = screen.getByLabelText('Phone');
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false); // default prevented
    expect(fireEvent.keyDown(input, { key: '7' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'Backspace' })).toBe(true);
  });

  it('a normal input lets letters through', () => {
    render(<TextInput label="Name" />);
    expect(fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'a' })).toBe(true);
  });

  it('is disabled and shows a spinner while loading, and links the error', () => {
    render(<TextInput label="Search" isLoading hasSearchIcon error="Bad value" />);
    const input = screen.getByLabelText('Search');
    expect(input).toHaveProperty('disabled', true);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Bad value');
  });
});
