import { type CreateProjectRequest } from '@teamline/contract';
import { api } from './api';

export const projectApi = {
  listOfMember: () => api.get('projectListOfMember'),
  create: (body: CreateProjectRequest) => api.post('project', { body }),
  roles: (projectIdx: number) => api.get(['projectRoles', projectIdx]),
};
