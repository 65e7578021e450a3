import type { MemberProfile, ProjectOfMember } from '@teamline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { projectsKey } from '../../../lib/use-projects';

export const project = (projectIdx: number, isClient = false): ProjectOfMember =>
  ({ projectIdx, name: `P${projectIdx}`, status: 'ACTIVE', isClient }) as ProjectOfMember;

export const profile = (over: Partial<MemberProfile> = {}): MemberProfile =>
  ({
    memberIdx: 1,
    memberId: 'a@example.com',
    email: 'a@example.com',
    nickname: 'kim',
    job: null,
    career: [],
    lang: 'en',
    ...over,
  }) as MemberProfile;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** Renders one page at `entry`, every other path showing where the app went. */
export function renderPage(path: string, entry: string, page: ReactElement, projects?: ProjectOfMember[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (projects) client.setQueryData(projectsKey, projects);
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
