import {
  apiPaths,
  type Application,
  type ApplicationList,
  type CreateRecruitmentRequest,
  type Recruitment,
  type RecruitmentList,
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
  list: (query: RecruitmentListQuery) =>
    api<RecruitmentList>(apiPaths.recruitment, { query: queryOf(query) }),
  get: (recruitmentIdx: number) => api<Recruitment>(apiPaths.recruitmentOne(recruitmentIdx)),
  create: (body: CreateRecruitmentRequest) =>
    api<Recruitment>(apiPaths.recruitment, { method: 'POST', body }),
  update: (recruitmentIdx: number, body: UpdateRecruitmentRequest) =>
    api<Recruitment>(apiPaths.recruitmentOne(recruitmentIdx), { method: 'PATCH', body }),
  remove: (recruitmentIdx: number) =>
    api<{ recruitmentIdx: number }>(apiPaths.recruitmentOne(recruitmentIdx), { method: 'DELETE' }),
  apply: (recruitmentIdx: number, note: string) =>
    api<Application>(apiPaths.recruitmentApply(recruitmentIdx), { method: 'POST', body: { note } }),
  applications: (recruitmentIdx: number) =>
    api<ApplicationList>(apiPaths.recruitmentApplications(recruitmentIdx)),
  decide: (applicationIdx: number, body: UpdateApplicationRequest) =>
    api<Application>(apiPaths.applicationOne(applicationIdx), { method: 'PATCH', body }),
};

export const recruitmentKeys = {
  all: ['recruitment'] as const,
  list: (query: RecruitmentListQuery) => ['recruitment', 'list', query] as const,
  one: (recruitmentIdx: number) => ['recruitment', 'one', recruitmentIdx] as const,
  applications: (recruitmentIdx: number) => ['recruitment', 'applications', recruitmentIdx] as const,
};
