import {
  type CreateRecruitmentRequest,
  type RecruitmentListQuery,
  type UpdateApplicationRequest,
  type UpdateRecruitmentRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** Drops empty filters so the query string carries only what the user chose. */
const queryOf = (query: RecruitmentListQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const recruitmentApi = {
  list: (query: RecruitmentListQuery) => api.get('recruitment', { query: queryOf(query) }),
  get: (recruitmentIdx: number) => api.get(['recruitmentOne', recruitmentIdx]),
  create: (body: CreateRecruitmentRequest) => api.post('recruitment', { body }),
  update: (recruitmentIdx: number, body: UpdateRecruitmentRequest) =>
    api.patch(['recruitmentOne', recruitmentIdx], { body }),
  remove: (recruitmentIdx: number) => api.delete(['recruitmentOne', recruitmentIdx]),
  apply: (recruitmentIdx: number, note: string) =>
    api.post(['recruitmentApply', recruitmentIdx], { body: { note } }),
  applications: (recruitmentIdx: number) => api.get(['recruitmentApplications', recruitmentIdx]),
  decide: (applicationIdx: number, body: UpdateApplicationRequest) =>
    api.patch(['applicationOne', applicationIdx], { body }),
};

export const recruitmentKeys = {
  all: ['recruitment'] as const,
  list: (query: RecruitmentListQuery) => ['recruitment', 'list', query] as const,
  one: (recruitmentIdx: number) => ['recruitment', 'one', recruitmentIdx] as const,
  applications: (recruitmentIdx: number) => ['recruitment', 'applications', recruitmentIdx] as const,
};
