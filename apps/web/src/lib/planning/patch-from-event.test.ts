import { QueryClient } from '@tanstack/react-query';
import type { Story, TimelineResponse } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { planningKeys } from './planning-api';
import { patchFromEvent } from './use-project-realtime';

const row = {
  storyIdx: 7,
  storyNo: 7,
  milestoneIdx: 1,
  epicIdx: null,
  title: 'Old',
  status: 'pending' as const,
  startDt: null,
  endDt: null,
  assignees: [],
  point: 0,
  orderKey: 'a0',
};

describe('patching from a live event', () => {
  it('puts another user\u2019s story edit into the timeline and the open detail without a refetch', () => {
    const client = new QueryClient();
    client.setQueryData<TimelineResponse>(planningKeys.timeline(3), {
      projectIdx: 3,
      projectKey: null,
      milestones: [
        {
          milestoneIdx: 1,
          title: 'M',
          status: 'pending',
          startDt: null,
          endDt: null,
          orderKey: 'a0',
          stories: [row],
        },
      ],
    });
    client.setQueryData(planningKeys.story(3, 7), { ...row, description: '' });
    const story = {
      ...row,
      title: 'New',
      status: 'inProgress',
      assignees: [4],
      description: 'd',
      projectIdx: 3,
    } as unknown as Story;
    expect(patchFromEvent(client, { type: 'story.updated', projectIdx: 3, payload: story })).toBe(true);
    expect(
      client.getQueryData<TimelineResponse>(planningKeys.timeline(3))!.milestones[0]!.stories[0],
    ).toMatchObject({
      title: 'New',
      status: 'inProgress',
      assignees: [4],
    });
    expect(client.getQueryData<Story>(planningKeys.story(3, 7))).toMatchObject({
      title: 'New',
      description: 'd',
    });
  });

  it('leaves other events (and partial payloads) to a refetch', () => {
    const client = new QueryClient();
    expect(patchFromEvent(client, { type: 'story.ordered', projectIdx: 3, payload: { storyIdx: 7 } })).toBe(
      false,
    );
    expect(
      patchFromEvent(client, {
        type: 'story.updated',
        projectIdx: 3,
        payload: { storyIdx: 7, status: 'delayed' },
      }),
    ).toBe(false);
  });
});
