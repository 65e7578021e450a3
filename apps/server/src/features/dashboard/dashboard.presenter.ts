import type { DeadlineItem } from '@teamline/contract';
import type { DeadlineRow } from './dashboard.repository.js';

export const toDeadline = (r: DeadlineRow): DeadlineItem => ({
  kind: r.kind,
  idx: Number(r.idx),
  title: r.title,
  status: r.status,
  endDt: r.end_dt,
});
