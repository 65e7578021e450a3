import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { members, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export interface MemberInProjectRow {
  memberInProjectIdx: number;
  memberIdx: number;
  projectIdx: number;
  nickname: string;
  colorCode: string;
  profileFileIdx: number | null;
  role: 'admin' | 'depth1' | 'depth2' | 'client';
  isAdmin: boolean;
  depth1Idx: number | null;
}

const columns = {
  memberInProjectIdx: membersInProject.memberInProjectIdx,
  memberIdx: membersInProject.memberIdx,
  projectIdx: membersInProject.projectIdx,
  nickname: members.nickname,
  colorCode: members.colorCode,
  profileFileIdx: members.profileFileIdx,
  role: membersInProject.role,
  isAdmin: membersInProject.isAdmin,
  depth1Idx: membersInProject.depth1Idx,
};

export function createMemberInProjectRepository(db: Db) {
  return {
    async listActive(projectIdx: number): Promise<MemberInProjectRow[]> {
      return db
        .select(columns)
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(and(eq(membersInProject.projectIdx, projectIdx), isNull(membersInProject.removedAt)))
        .orderBy(asc(membersInProject.memberInProjectIdx));
    },
    /** Active records among `idxs` in this project (ids of other projects are simply absent). */
    async findActive(projectIdx: number, idxs: number[]): Promise<MemberInProjectRow[]> {
      if (idxs.length === 0) return [];
      return db
        .select(columns)
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            inArray(membersInProject.memberInProjectIdx, idxs),
            isNull(membersInProject.removedAt),
          ),
        );
    },
    /** Any record (also of members who left): the permission check still needs their team. */
    async findRecords(projectIdx: number, idxs: number[]) {
      if (idxs.length === 0) return [];
      return db
        .select({
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          depth1Idx: membersInProject.depth1Idx,
        })
        .from(membersInProject)
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            inArray(membersInProject.memberInProjectIdx, idxs),
          ),
        );
    },
  };
}
export type MemberInProjectRepository = ReturnType<typeof createMemberInProjectRepository>;
