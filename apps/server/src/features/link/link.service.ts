import { isValidLink, normalizeLink, type Link } from '@teamline/contract';
import { fetchLinkPreview } from '../../infra/link-preview.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { requireProfessional } from '../project/project.policy.js';
import type { ProjectRepository } from '../project/project.repository.js';
import type { ProjectService } from '../project/project.service.js';
import type { LinkRepository, LinkRow } from './link.repository.js';

const toLink = (row: LinkRow): Link => ({
  linkIdx: row.linkIdx,
  url: row.url,
  metaImage: row.metaImage,
  metaTitle: row.metaTitle,
  projectIdx: row.projectIdx,
});

export function createLinkService(
  ctx: AppContext,
  repo: LinkRepository,
  projects: ProjectService,
  projectRepo: ProjectRepository,
) {
  return {
    async list(actor: Actor, projectIdx: number): Promise<Link[]> {
      await projects.membershipOf(actor, projectIdx);
      return (await repo.listOfProject(projectIdx)).map(toLink);
    },

    async create(actor: Actor, input: { url: string; projectIdx: number }): Promise<Link> {
      requireProfessional(await projects.membershipOf(actor, input.projectIdx));
      const url = normalizeLink(input.url);
      if (!url || !isValidLink(url)) throw new AppError('LINK_INVALID');
      const preview = await fetchLinkPreview(url, ctx.config.linkPreview);
      const row = await repo.insert({
        projectIdx: input.projectIdx,
        url,
        ...preview,
        createdByIdx: actor.memberIdx,
      });
      const link = toLink(row);
      await ctx.pubsub.publish({ type: 'link.created', projectIdx: link.projectIdx, payload: link });
      return link;
    },

    async remove(actor: Actor, linkIdx: number) {
      const row = await repo.findById(linkIdx);
      if (!row) throw new AppError('LINK_NOT_FOUND');
      // Membership is checked against the link's own project, so another project's link is a 403.
      requireProfessional(await projectRepo.findMembership(row.projectIdx, actor.memberIdx));
      await repo.delete(row.projectIdx, row.linkIdx);
      await ctx.pubsub.publish({
        type: 'link.deleted',
        projectIdx: row.projectIdx,
        payload: { linkIdx: row.linkIdx, projectIdx: row.projectIdx },
      });
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
