import { isValidLink, normalizeLink, type Link } from '@teamline/contract';
import { fetchLinkPreview } from '../../infra/link-preview.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { LinkRepository } from './link.repository.js';
import { toLink } from './link.presenter.js';

export function createLinkService(
  ctx: AppContext,
  repo: LinkRepository,
  authz: Authorization<MembershipRow>,
  transaction: UnitOfWork<LinkRepository>,
) {
  return {
    async list(actor: Actor, projectIdx: number): Promise<Link[]> {
      await authz.authorize(actor, 'link.view', projectIdx);
      return (await repo.listOfProject(projectIdx)).map(toLink);
    },

    async create(actor: Actor, input: { url: string; projectIdx: number }): Promise<Link> {
      await authz.authorize(actor, 'link.create', input.projectIdx);
      const url = normalizeLink(input.url);
      if (!url || !isValidLink(url)) throw new AppError('LINK_INVALID');
      const preview = await fetchLinkPreview(url, ctx.config.linkPreview, ctx.outbound);
      return transaction(async (r) => {
        const link = toLink(
          await r.insert({ projectIdx: input.projectIdx, url, ...preview, createdByIdx: actor.memberIdx }),
        );
        await r.events.record('link.created', link.projectIdx, link);
        return link;
      });
    },

    async remove(actor: Actor, linkIdx: number) {
      // Checked against the link's own project; a link of a project the caller is not in looks missing.
      const { row } = await loadOr404AndAuthorize(authz, actor, 'link.delete', 'LINK_NOT_FOUND', () =>
        repo.findById(linkIdx),
      );
      await transaction(async (r) => {
        await r.delete(row.projectIdx, row.linkIdx);
        await r.events.record('link.deleted', row.projectIdx, {
          linkIdx: row.linkIdx,
          projectIdx: row.projectIdx,
        });
      });
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
