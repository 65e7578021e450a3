import type { Milestone } from '@teamline/contract';
import type { MilestoneRow } from '../planning-store/milestone.repository.js';

export const toMilestone = (row: MilestoneRow): Milestone => ({
  milestoneIdx: row.milestoneIdx,
  projectIdx: row.projectIdx,
  title: row.title,
  description: row.description,
  status: row.status,
  startDt: row.startDt,
  endDt: row.endDt,
  orderKey: row.orderKey,
  requestedByIdx: row.requestedByIdx,
  approvedByIdx: row.approvedByIdx,
  rejectReason: row.rejectReason,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  createdByIdx: row.createdByIdx,
  updatedAt: row.updatedAt.toISOString(),
});
