import {
  apiPaths,
  type CreateEpicRequest,
  type DeletedProject,
  type Epic,
  type Invitation,
  type InviteRequest,
  type MemberInProject,
  type ProjectOfMember,
  type ProjectSettings,
  type UpdateMemberInProjectRequest,
  type UpdateProjectRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const settingsApi = {
  project: (projectIdx: number) => api<ProjectSettings>(apiPaths.projectOne(projectIdx)),
  update: (projectIdx: number, body: UpdateProjectRequest) =>
    api<ProjectSettings>(apiPaths.projectOne(projectIdx), { method: 'PATCH', body }),
  remove: (projectIdx: number, confirmName: string) =>
    api<{ projectIdx: number }>(apiPaths.projectOne(projectIdx), { method: 'DELETE', body: { confirmName } }),
  deleted: () => api<DeletedProject[]>(apiPaths.projectDeleted),
  restore: (projectIdx: number) =>
    api<ProjectOfMember>(apiPaths.projectRestore(projectIdx), { method: 'POST' }),
  members: (projectIdx: number) =>
    api<MemberInProject[]>(apiPaths.memberInProject, { query: { projectIdx } }),
  updateMember: (memberInProjectIdx: number, body: UpdateMemberInProjectRequest) =>
    api<MemberInProject>(apiPaths.memberInProjectOne(memberInProjectIdx), { method: 'PATCH', body }),
  removeMember: (memberInProjectIdx: number) =>
    api<{ memberInProjectIdx: number }>(apiPaths.memberInProjectOne(memberInProjectIdx), {
      method: 'DELETE',
    }),
  invitations: (projectIdx: number) => api<Invitation[]>(apiPaths.inviteList, { query: { projectIdx } }),
  invite: (body: InviteRequest) => api<Invitation>(apiPaths.invite, { method: 'POST', body }),
  resend: (inviteIdx: number) => api<Invitation>(apiPaths.inviteResend(inviteIdx), { method: 'POST' }),
  revoke: (inviteIdx: number) => api<Invitation>(apiPaths.inviteOne(inviteIdx), { method: 'DELETE' }),
  epics: (projectIdx: number) => api<Epic[]>(apiPaths.epicAllOfProject, { query: { projectIdx } }),
  addEpic: (body: CreateEpicRequest) => api<Epic>(apiPaths.epic, { method: 'POST', body }),
  removeEpic: (epicIdx: number) => api<unknown>(apiPaths.epicOne(epicIdx), { method: 'DELETE' }),
};
