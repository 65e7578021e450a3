import { validation as enValidation } from '@teamline/contract/i18n/en/errors';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiApplyRequest } from '@teamline/contract';
import { aiUi } from '@teamline/contract/i18n/en/ui-ai';
import type { EditableDraft, EditableStory } from '../api/ai-types';
import { DraftReview } from './DraftReview';

afterEach(cleanup);

const story = (key: string, title: string, over: Partial<EditableStory> = {}): EditableStory => ({
  key,
  title,
  startDate: '2026-03-02',
  endDate: '2026-03-06',
  epic: 'Shop',
  source: { excerpt: `- ${title} (2026.03.02 – 2026.03.06)`, page: null, line: 3 },
  include: true,
  ...over,
});

const draft = (): EditableDraft => ({
  milestones: [
    {
      key: 'm1',
      title: 'Beta release',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      source: { excerpt: '## Beta release — March 2026', page: 2, line: null },
      include: true,
      stories: [story('m1.s1', 'Checkout page'), story('m1.s2', 'Payment webhook')],
    },
    {
      key: 'm2',
      title: 'Launch',
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      source: { excerpt: '## Launch', page: null, line: null },
      include: true,
      stories: [story('m2.s1', 'Press kit', { startDate: null, endDate: null, epic: null })],
    },
  ],
});

function Harness({ onApply }: { onApply: (d: AiApplyRequest) => void }) {
  const [value, setValue] = useState(draft);
  return (
    <DraftReview draft={value} onChange={setValue} onApply={onApply} isApplying={false} onRestart={vi.fn()} />
  );
}

const item = (kind: 'milestone' | 'story', title: string) =>
  screen.getAllByTestId(`ai-${kind}`).find((el) => el.getAttribute('aria-label')?.endsWith(`: ${title}`))!;
const checkbox = (kind: 'milestone' | 'story', title: string) =>
  within(item(kind, title)).getByRole<HTMLInputElement>('checkbox');

describe('DraftReview', () => {
  it('shows every milestone and story with the passage of the file it came from', () => {
    render(<Harness onApply={vi.fn()} />);
    expect(screen.getAllByTestId('ai-milestone')).toHaveLength(2);
    expect(screen.getAllByTestId('ai-story')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('2 milestones and 3 stories selected');
    expect(within(item('milestone', 'Beta release')).getByText(/## Beta release — March 2026/)).toBeTruthy();
    expect(within(item('milestone', 'Beta release')).getByText(/page 2/)).toBeTruthy();
  });

  it('applies only checked stories, with their edits; an unchecked milestone sends its checked stories to the backlog', () => {
    const onApply = vi.fn();
    render(<Harness onApply={onApply} />);
    fireEvent.click(checkbox('story', 'Payment webhook'));
    fireEvent.click(checkbox('milestone', 'Launch'));
    expect(screen.getByText(aiUi.timeline.toBacklog)).toBeTruthy();
    const checkout = item('story', 'Checkout page');
    fireEvent.change(within(checkout).getByLabelText('Title'), { target: { value: '  Checkout page v2 ' } });
    fireEvent.change(within(checkout).getByLabelText('Epic'), { target: { value: 'Payments' } });
    fireEvent.click(screen.getByTestId('ai-apply'));

    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]![0]).toEqual({
      milestones: [
        {
          key: 'm1',
          include: true,
          title: 'Beta release',
          startDt: '20260301',
          endDt: '20260331',
          source: { excerpt: '## Beta release — March 2026', page: 2, line: null },
          stories: [
            {
              key: 'm1.s1',
              include: true,
              title: 'Checkout page v2',
              startDt: '20260302',
              endDt: '20260306',
              epic: 'Payments',
              source: { excerpt: '- Checkout page (2026.03.02 – 2026.03.06)', page: null, line: 3 },
            },
          ],
        },
        {
          key: 'm2',
          include: false,
          title: 'Launch',
          startDt: null,
          endDt: null,
          source: { excerpt: '## Launch', page: null, line: null },
          stories: [
            {
              key: 'm2.s1',
              include: true,
              title: 'Press kit',
              startDt: null,
              endDt: null,
              epic: null,
              source: { excerpt: '- Press kit (2026.03.02 – 2026.03.06)', page: null, line: 3 },
            },
          ],
        },
      ],
    });
  });

  it('leaves out an unchecked milestone whose stories are all unchecked', () => {
    const onApply = vi.fn();
    render(<Harness onApply={onApply} />);
    fireEvent.click(checkbox('milestone', 'Launch'));
    fireEvent.click(checkbox('story', 'Press kit'));
    expect(screen.getByRole('status').textContent).toBe('1 milestone and 2 stories selected');
    fireEvent.click(screen.getByTestId('ai-apply'));
    expect((onApply.mock.calls[0]![0] as AiApplyRequest).milestones.map((m) => m.key)).toEqual(['m1']);
  });

  it('refuses an end before the start on the end field and blocks Apply until it is fixed', () => {
    const onApply = vi.fn();
    render(<Harness onApply={onApply} />);
    const end = within(item('story', 'Checkout page')).getByLabelText('End');
    fireEvent.change(end, { target: { value: '2026-03-01' } });
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(within(item('story', 'Checkout page')).getByRole('alert').textContent).toBe(
      enValidation.endBeforeStart,
    );
    const apply = screen.getByTestId<HTMLButtonElement>('ai-apply');
    expect(apply.disabled).toBe(true);

    // Unchecking the broken story lifts the block: it is not applied.
    fireEvent.click(checkbox('story', 'Checkout page'));
    expect(apply.disabled).toBe(false);
    fireEvent.click(checkbox('story', 'Checkout page'));
    expect(apply.disabled).toBe(true);
    fireEvent.change(end, { target: { value: '2026-03-09' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect((onApply.mock.calls[0]![0] as AiApplyRequest).milestones[0]!.stories[0]!.endDt).toBe('20260309');
  });

  it('cannot apply with nothing checked', () => {
    render(<Harness onApply={vi.fn()} />);
    for (const title of ['Checkout page', 'Payment webhook', 'Press kit'])
      fireEvent.click(checkbox('story', title));
    fireEvent.click(checkbox('milestone', 'Beta release'));
    fireEvent.click(checkbox('milestone', 'Launch'));
    expect(screen.getByTestId<HTMLButtonElement>('ai-apply').disabled).toBe(true);
  });

  it('disables Apply while applying', () => {
    render(
      <DraftReview draft={draft()} onChange={vi.fn()} onApply={vi.fn()} isApplying onRestart={vi.fn()} />,
    );
    expect(screen.getByTestId<HTMLButtonElement>('ai-apply').disabled).toBe(true);
  });
});
