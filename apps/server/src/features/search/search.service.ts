import {
  SEARCH_PAGE_SIZE,
  foldForSearch,
  requestRecord,
  searchKinds,
  storyKey,
  type ProjectAction,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '@teamline/contract';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow as Membership } from '../membership/membership.port.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { rangesOf, snippetOf } from './search.highlight.js';
import type { SearchRepository, SearchRow } from './search.repository.js';

/** The action of the table that lets a member see a kind's records in a project. */
const viewAction: Record<SearchKind, ProjectAction> = {
  story: 'planning.view',
  milestone: 'planning.view',
  epic: 'epic.view',
  document: 'document.view',
  member: 'member.list',
  // Then each request by its record rule (its parties and whoever answers for them).
  request: 'request.list',
  recruitment: 'project.view',
};

const TIE_SLACK = 20;

/** `SHOP-12` (any case): the project key and the story number. */
const KEY_PATTERN = /^([a-z][a-z0-9]{1,9})-(\d{1,9})$/i;

/**
 * Search everything (issue 34, docs/product/search.md): the caller's projects only, each kind where
 * the action table lets the caller see it; a story's exact key first, then by similarity.
 */
export function createSearchService(repo: SearchRepository, authz: Authorization<Membership>) {
  /** The caller's memberships that the table lets in (two-factor and project state decide too). */
  async function reachOf(actor: Actor) {
    const projects = await repo.projectsOf(actor.memberIdx);
    const reach: { projectIdx: number; name: string; key: string | null; membership: Membership }[] = [];
    for (const project of projects) {
      try {
        const membership = await authz.authorize(actor, 'project.view', project.projectIdx);
        reach.push({ ...project, key: project.projectKey, membership });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return reach;
  }

  return {
    async search(actor: Actor, query: SearchQuery): Promise<SearchResult> {
      const folded = foldForSearch(query.q).replace(/\s+/g, ' ').trim();
      const words = [...new Set(folded.split(' ').filter(Boolean))];
      if (words.length === 0) throw new AppError('VALIDATION_FAILED');
      const reach = await reachOf(actor);
      const byProject = new Map(reach.map((p) => [p.projectIdx, p]));
      const kinds = query.kind ? [query.kind] : searchKinds;
      // Each kind comes closest first (the index's order, which leaves equally close rows in no
      // particular order); the extra rows let the sort below (score, then newest) pick the same
      // page the same way every time, unless more than TIE_SLACK rows tie at its edge.
      const limit = query.page * SEARCH_PAGE_SIZE + 1 + TIE_SLACK;
      const hits: SearchHit[] = [];
      const seen = new Set<string>();

      const hitOf = (kind: SearchKind, row: SearchRow, exact: boolean): SearchHit => {
        const project = byProject.get(row.projectIdx)!;
        const snippet =
          row.body !== undefined
            ? snippetOf(row.body, words, { before: !!row.cutBefore, after: !!row.cutAfter })
            : { snippet: '', ranges: [] };
        return {
          kind,
          idx: row.idx,
          projectIdx: row.projectIdx,
          projectName: project.name,
          key: kind === 'story' ? storyKey(project.key, row.storyNo) : null,
          title: row.title,
          titleRanges: rangesOf(row.title, words),
          snippet: snippet.snippet,
          snippetRanges: snippet.ranges,
          exact,
        };
      };

      // A story's key, exactly: first, whatever the words would rank.
      const key = KEY_PATTERN.exec(query.q.trim());
      if (key && kinds.includes('story')) {
        const projectIdxs = reach
          .filter((p) => p.key?.toUpperCase() === key[1]!.toUpperCase())
          .filter((p) => authz.allows(p.membership, viewAction.story))
          .map((p) => p.projectIdx);
        for (const row of await repo.storyByNumber(projectIdxs, Number(key[2]))) {
          seen.add(`story:${row.idx}`);
          const hit = hitOf('story', row, true);
          hit.titleRanges = [];
          hits.push(hit);
        }
      }

      const ranked: { kind: SearchKind; row: SearchRow; score: number; order: number }[] = [];
      const seesPrivateIn = reach
        .filter((p) => authz.allows(p.membership, 'document.share', { projectIdx: p.projectIdx, owners: [] }))
        .map((p) => p.projectIdx);
      // The kinds at once: on PostgreSQL each query takes its own connection.
      const perKind = async (kind: SearchKind) => {
        const projectIdxs = reach
          .filter((p) => authz.allows(p.membership, viewAction[kind]))
          .map((p) => p.projectIdx);
        let rows = await repo.find(
          kind,
          { folded, words, projectIdxs, limit },
          { memberIdx: actor.memberIdx, seesPrivateIn },
        );
        if (kind === 'request') {
          const parties = rows.flatMap((r) => [r.senderIdx!, r.receiverIdx!]);
          const records = await repo.recordsOf([...new Set(parties)]);
          rows = rows.filter((row) =>
            authz.allows(
              byProject.get(row.projectIdx)!.membership,
              'request.view',
              requestRecord(
                { projectIdx: row.projectIdx, senderIdx: row.senderIdx!, receiverIdx: row.receiverIdx! },
                records,
              ),
            ),
          );
        }
        return rows;
      };
      const found = await Promise.all(kinds.map(perKind));
      for (const [order, kind] of kinds.entries())
        for (const row of found[order]!) {
          if (seen.has(`${kind}:${row.idx}`)) continue;
          ranked.push({ kind, row, score: row.score, order });
        }
      ranked.sort((a, b) => b.score - a.score || a.order - b.order || b.row.idx - a.row.idx);

      // Highlights and snippets for the page's rows only.
      const start = (query.page - 1) * SEARCH_PAGE_SIZE;
      const all: (SearchHit | (typeof ranked)[number])[] = [...hits, ...ranked];
      const items = all
        .slice(start, start + SEARCH_PAGE_SIZE)
        .map((item) => ('row' in item ? hitOf(item.kind, item.row, false) : item));
      return { items, page: query.page, hasMore: all.length > start + SEARCH_PAGE_SIZE };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
