import { errors as enErrors } from '@teamline/contract/i18n/en/errors';
import { aiUi } from '@teamline/contract/i18n/en/ui-ai';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilePick } from './FilePick';

afterEach(cleanup);

const pick = (file: File) => fireEvent.change(screen.getByTestId('ai-file'), { target: { files: [file] } });
const sized = (name: string, bytes: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};

describe('FilePick', () => {
  it('refuses a wrong type with the translated error and offers no upload', () => {
    const onUpload = vi.fn();
    render(<FilePick projectIdx={3} onUpload={onUpload} serverError={null} />);
    pick(new File(['hello'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByTestId('ai-file-error').textContent).toBe(enErrors.AI_FILE_TYPE_NOT_ALLOWED);
    expect(screen.queryByTestId('ai-upload')).toBeNull();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses a file over 10 MB before uploading it', () => {
    render(<FilePick projectIdx={3} onUpload={vi.fn()} serverError={null} />);
    pick(sized('plan.pdf', 10 * 1024 * 1024 + 1));
    expect(screen.getByTestId('ai-file-error').textContent).toBe(enErrors.AI_FILE_TOO_LARGE);
    expect(screen.queryByTestId('ai-upload')).toBeNull();
  });

  it('uploads an accepted file on request, and a dropped one too', () => {
    const onUpload = vi.fn();
    render(<FilePick projectIdx={3} onUpload={onUpload} serverError={null} />);
    const plan = new File(['# Plan'], 'plan.txt', { type: 'text/plain' });
    pick(plan);
    expect(screen.queryByTestId('ai-file-error')).toBeNull();
    fireEvent.click(screen.getByTestId('ai-upload'));
    expect(onUpload).toHaveBeenCalledWith(plan);

    const dropped = new File(['a,b'], 'rows.csv', { type: 'text/csv' });
    fireEvent.drop(screen.getByTestId('ai-drop'), { dataTransfer: { files: [dropped] } });
    fireEvent.click(screen.getByTestId('ai-upload'));
    expect(onUpload).toHaveBeenLastCalledWith(dropped);
  });

  it('says a project must be selected and disables the picker without one', () => {
    render(<FilePick projectIdx={null} onUpload={vi.fn()} serverError={null} />);
    expect(screen.getByText(aiUi.timeline.noProject)).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('ai-file').disabled).toBe(true);
  });

  it("shows the server's translated refusal", () => {
    render(<FilePick projectIdx={3} onUpload={vi.fn()} serverError={enErrors.AI_FILE_NO_TEXT} />);
    expect(screen.getByTestId('ai-file-error').textContent).toBe(enErrors.AI_FILE_NO_TEXT);
  });
});
