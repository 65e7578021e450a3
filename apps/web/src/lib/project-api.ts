import {
  apiPaths,
  type CreateProjectRequest,
  type ProjectOfMember,
  type ProjectRolesResponse,
} from '@teamline/contract';
import { api } from './api';

export const projectApi = {
  listOfMember: () => api<ProjectOfMember[]>(apiPaths.projectListOfMember),
  create: (body: CreateProjectRequest) => api<ProjectOfMember>(apiPaths.project, { method: 'POST', body }),
  roles: (projectIdx: number) => api<ProjectRolesResponse>(apiPaths.projectRoles(projectIdx)),
};
