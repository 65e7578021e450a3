import {
  type CreateEpicRequest,
  type InviteRequest,
  type UpdateMemberInProjectRequest,
  type UpdateProjectRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const settingsApi = {
  project: (projectIdx: number) => api.get(['projectOne', projectIdx]),
  update: (projectIdx: number, body: UpdateProjectRequest) => api.patch(['projectOne', projectIdx], { body }),
  remove: (projectIdx: number, confirmName: string) =>
    api.delete(['projectOne', projectIdx], { body: { confirmName } }),
  deleted: () => api.get('projectDeleted'),
  restore: (projectIdx: number) => api.post(['projectRestore', projectIdx]),
  members: (projectIdx: number) => api.get('memberInProject', { query: { projectIdx } }),
  updateMember: (memberInProjectIdx: number, body: UpdateMemberInProjectRequest) =>
    api.patch(['memberInProjectOne', memberInProjectIdx], { body }),
  removeMember: (memberInProjectIdx: number) => api.delete(['memberInProjectOne', memberInProjectIdx]),
  invitations: (projectIdx: number) => api.get('inviteList', { query: { projectIdx } }),
  invite: (body: InviteRequest) => api.post('invite', { body }),
  resend: (inviteIdx: number) => api.post(['inviteResend', inviteIdx]),
  revoke: (inviteIdx: number) => api.delete(['inviteOne', inviteIdx]),
  epics: (projectIdx: number) => api.get('epicAllOfProject', { query: { projectIdx } }),
  addEpic: (body: CreateEpicRequest) => api.post('epic', { body }),
  removeEpic: (epicIdx: number) => api.delete(['epicOne', epicIdx]),
};
