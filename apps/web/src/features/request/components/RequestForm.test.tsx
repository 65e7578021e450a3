import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import { RequestFormModal } from './RequestForm';

const create = vi.hoisted(() => vi.fn());
vi.mock('../api/request-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, requestApi: { create } };
});

afterEach(() => {
  cleanup();
  create.mockReset();
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
