import type { APIRequestContext } from '@playwright/test';
import { apiAs, createProjectByApi } from './journeys.js';

/** A day as the API's yyyymmdd code, `offsetDays` from today. */
export const dayCode = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * A project with milestones, stories in several statuses, an epic, logged time, a folder and a
 * document: enough that every project page shows real content (used by the a11y and phone passes).
 */
export async function seedProject(request: APIRequestContext, key: string, name = 'Accessible shop') {
  const { projectIdx } = await createProjectByApi(request, key, name);
  const post = <T>(path: string, data: object) =>
    apiAs<T>(request, key, 'POST', path, { projectIdx, ...data });
  const patch = (path: string, data: object) => apiAs(request, key, 'PATCH', path, data);
  type Created = { milestoneIdx: number; storyIdx: number };
  const milestone = await post<Created>('/milestone', {
    title: 'Build',
    startDt: dayCode(-3),
    endDt: dayCode(20),
  });
  const late = await post<Created>('/milestone', { title: 'Discovery', endDt: dayCode(-2) });
  const story = await post<Created>('/story', {
    title: 'Login screen',
    milestoneIdx: milestone.milestoneIdx,
    startDt: dayCode(0),
    endDt: dayCode(3),
  });
  const done = await post<Created>('/story', { title: 'Interviews', milestoneIdx: late.milestoneIdx });
  await post('/story', { title: 'Dark mode', milestoneIdx: null });
  for (const s of [story, done]) await patch(`/story/${s.storyIdx}`, { status: 'inProgress' });
  await patch(`/story/${done.storyIdx}`, { status: 'completed' });
  await post('/timekeeping', { storyIdx: story.storyIdx, workDt: dayCode(0), minutes: 90 });
  await post('/epic', { label: 'Payments', colorCode: '#3DB9F5' });
  await post('/folder', { name: 'Specs' });
  const document = await post<{ documentIdx: number }>('/document', {
    title: 'Release plan',
    content: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Scope' }] },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Checkout' }] }],
            },
          ],
        },
      ],
    },
  });
  return { projectIdx, story, milestone, document };
}
