import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import { RequestFormModal } from './RequestForm';

const { create, upload } = vi.hoisted(() => ({ create: vi.fn(), upload: vi.fn() }));
vi.mock('../api/request-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, requestApi: { create, upload } };
});

afterEach(() => {
  cleanup();
  create.mockReset();
  upload.mockReset();
});

const member = (memberInProjectIdx: number, nickname: string): MemberInProject => ({
  memberInProjectIdx,
  memberIdx: memberInProjectIdx,
  projectIdx: 1,
  nickname,
  colorCode: '#00D696',
  profileFileIdx: null,
  role: 'depth2',
  isAdmin: false,
  depth1Idx: null,
});

function renderForm(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RequestFormModal
        projectIdx={1}
        members={[member(8, 'Tuan'), member(9, 'Mina')]}
        stories={[{ storyIdx: 40, title: 'Login page' }]}
        isOpen
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onClose };
}
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

describe('New request form', () => {
  it('sends title, description, due date as YYYYMMDD, receiver and story, then closes', async () => {
    create.mockResolvedValue({ requestIdx: 3 });
    const { onClose } = renderForm();
    fill('Title', '  Review the login page ');
    fill('Description', 'Before Friday');
    fill('Due date', '2026-03-20');
    fill('Receiver', '9');
    fill('Story', '40');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toEqual({
      projectIdx: 1,
      title: 'Review the login page',
      description: 'Before Friday',
      dueDt: '20260320',
      receiverIdx: 9,
      storyIdx: 40,
    });
  });

  it('asks for the required fields before sending anything', async () => {
    renderForm();
    submit();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(create).not.toHaveBeenCalled();
  });

  it('shows the server’s field error on its field and stays open', async () => {
    create.mockRejectedValue(new ApiError('VALIDATION_FAILED', 400, 'bad', { receiverIdx: 'requestToSelf' }));
    const { onClose } = renderForm();
    fill('Title', 'T');
    fill('Due date', '2026-03-20');
    fill('Receiver', '8');
    submit();
    expect(await screen.findByText('Choose another member: a request goes to someone else.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(create.mock.calls[0]![0]).toMatchObject({ storyIdx: null, description: '' });
  });
});

/** An upload the test answers when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const pick = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Add files'), { target: { files } });
const fillRequired = () => {
  fill('Title', 'T');
  fill('Due date', '2026-03-20');
  fill('Receiver', '9');
};

describe('New request form › files', () => {
  it('uploads each picked file at once, shows it uploading, lets one be removed and sends the rest', async () => {
    const first = deferred<{ fileIdx: number }>();
    const second = deferred<{ fileIdx: number }>();
    upload.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    create.mockResolvedValue({ requestIdx: 3 });
    const { onClose } = renderForm();
    fillRequired();
    const brief = new File(['hello'], 'brief.txt', { type: 'text/plain' });
    const sheet = new File(['x'.repeat(1536)], 'sheet.csv', { type: 'text/csv' });
    pick(brief, sheet);
    expect(upload).toHaveBeenCalledWith(1, brief);
    expect(upload).toHaveBeenCalledWith(1, sheet);
    expect(screen.getAllByText('Uploading…')).toHaveLength(2);
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    // Sending waits for the uploads.
    submit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(create).not.toHaveBeenCalled();

    first.resolve({ fileIdx: 51 });
    second.resolve({ fileIdx: 52 });
    await waitFor(() => expect(screen.queryByText('Uploading…')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove brief.txt' }));
    expect(screen.queryByText('brief.txt')).toBeNull();
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toMatchObject({ title: 'T', fileIdxs: [52] });
  });

  it('shows refused uploads with the error catalogue’s text and leaves them out', async () => {
    upload.mockRejectedValueOnce(new ApiError('STORAGE_QUOTA_EXCEEDED', 413));
    upload.mockRejectedValueOnce(new ApiError('FILE_TYPE_NOT_ALLOWED', 400));
    renderForm();
    const big = new File(['x'], 'video.mp4');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    pick(new File(['a'], 'a.txt'), new File(['b'], 'b.exe'), big);
    // Too large for any upload: refused here, never sent.
    expect(upload).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    const texts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(texts).toContain('video.mp4: The file is larger than 10 MB.');
    expect(texts).toContain('b.exe: This file type is not allowed.');
    expect(texts).toContain(
      "a.txt: There is no storage space left for this file (the project's or your own quota is full).",
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('takes at most 10 files and says so', async () => {
    upload.mockImplementation(() => Promise.resolve({ fileIdx: 1 + upload.mock.calls.length }));
    renderForm();
    pick(...Array.from({ length: 12 }, (_, i) => new File(['x'], `f${i}.txt`)));
    expect(upload).toHaveBeenCalledTimes(10);
    expect(screen.getByRole('alert').textContent).toBe('A request holds at most 10 files.');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(10));
    expect(screen.getByLabelText<HTMLInputElement>('Add files').disabled).toBe(true);
  });

  it('shows the server’s refusal of the files under them', async () => {
    upload.mockResolvedValue({ fileIdx: 70 });
    create.mockRejectedValue(new ApiError('VALIDATION_FAILED', 400, 'bad', { fileIdxs: 'invalid' }));
    const { onClose } = renderForm();
    fillRequired();
    pick(new File(['a'], 'a.txt'));
    await screen.findByRole('button', { name: 'Remove a.txt' });
    submit();
    expect(await screen.findByText('This value is not valid.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(create.mock.calls[0]![0]).toMatchObject({ fileIdxs: [70] });
  });
});
