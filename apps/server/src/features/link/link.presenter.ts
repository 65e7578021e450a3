import type { Link } from '@teamline/contract';
import type { LinkRow } from './link.repository.js';

export const toLink = (row: LinkRow): Link => ({
  linkIdx: row.linkIdx,
  url: row.url,
  metaImage: row.metaImage,
  metaTitle: row.metaTitle,
  projectIdx: row.projectIdx,
});
