import { storyKey, type ErrorCode } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { GithubCommit, GithubPull } from './github-client.js';
import type { GithubDeps } from './github.deps.js';
import type { GithubConnectionRow, NewGithubLink } from './github.repository.js';
import { closedStories, mentionedStories } from './mentions.js';

/** What one delivery, backfill or poll did: links written and stories completed (their keys). */
export interface Outcome {
  linked: number;
  completed: string[];
}

interface LinkItem {
  link: Omit<NewGithubLink, 'projectIdx' | 'storyIdx'>;
  text: string;
  closes: boolean;
}

const firstLine = (text: string) => (text.split('\n')[0] ?? '').slice(0, 200);

/** Links the stories the items mention and completes those their closing words name. */
export async function linkAndClose(
  deps: GithubDeps,
  row: GithubConnectionRow,
  items: LinkItem[],
): Promise<Outcome> {
  const key = row.projectKey;
  if (!key || items.length === 0) return { linked: 0, completed: [] };
  const wanted = [...new Set(items.flatMap((i) => mentionedStories(i.text, key)))];
  const byNo = new Map((await deps.storiesByNo(row.projectIdx, wanted)).map((s) => [s.storyNo, s.storyIdx]));
  const links: NewGithubLink[] = [];
  for (const item of items)
    for (const no of mentionedStories(item.text, key)) {
      const storyIdx = byNo.get(no);
      if (storyIdx) links.push({ ...item.link, projectIdx: row.projectIdx, storyIdx });
    }
  const linked = await deps.repo.upsertLinks(links);
  const completed: string[] = [];
  for (const item of items)
    if (item.closes)
      for (const no of closedStories(item.text, key))
        if (byNo.has(no) && (await deps.stories.completeFromGithub(row.projectIdx, no, item.link.url)))
          completed.push(storyKey(key, no)!);
  return { linked, completed };
}

export const commitItems = (commits: GithubCommit[], onBranch: boolean): LinkItem[] =>
  commits.map((c) => ({
    link: {
      kind: 'commit' as const,
      ref: c.sha.slice(0, 7),
      title: firstLine(c.message),
      author: c.author,
      state: 'committed' as const,
      url: c.url,
      at: new Date(c.at),
    },
    text: c.message,
    closes: onBranch,
  }));

export const pullItems = (pulls: GithubPull[], branch: string | null): LinkItem[] =>
  pulls.map((p) => ({
    link: {
      kind: 'pull' as const,
      ref: `#${p.number}`,
      title: p.title.slice(0, 200),
      author: p.author,
      state: p.state,
      url: p.url,
      at: new Date(p.at),
    },
    text: `${p.title}\n${p.body}\n${p.branch}`,
    // Merged into the configured branch: its closing words complete (only in title and body).
    closes: p.state === 'merged' && p.base === branch,
  }));

export async function finishLog({ repo }: GithubDeps, syncLogIdx: number, outcome: Outcome, summary: string) {
  await repo.updateLog(syncLogIdx, {
    status: 'ok',
    linked: outcome.linked,
    completed: outcome.completed,
    errorCode: null,
    summary,
    payload: null,
  });
}

export async function failLog({ repo }: GithubDeps, syncLogIdx: number, error: unknown) {
  const errorCode: ErrorCode = error instanceof AppError ? error.code : 'GITHUB_SYNC_FAILED';
  await repo.updateLog(syncLogIdx, {
    status: 'failed',
    errorCode,
    summary: String((error as Error).message).slice(0, 200),
  });
}
