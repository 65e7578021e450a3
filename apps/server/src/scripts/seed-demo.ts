/**
 * `npm run seed:demo`: a demo project with one member of each role, a couple of links and a plan
 * (`demo-plan.ts`), using the server's own configuration (DATA_DIR or DATABASE_URL). Idempotent: running it again changes nothing
 * but resets the demo passwords. The embedded database takes one process at a time: while a server
 * holds the data folder the command refuses, naming it (infra/data-folder-lock.ts).
 */
import { loadConfig } from '../config.js';
import { createLinkRepository } from '../features/link/link.repository.js';
import { createMemberRepository } from '../features/account-store/member.repository.js';
import { membershipsOn } from '../features/membership/membership.port.js';
import { createProjectRepository } from '../features/project/project.repository.js';
import { DataFolderLockedError } from '../infra/data-folder-lock.js';
import { openDatabase } from '../infra/db.js';
import { hashPassword } from '../shared/crypto.js';
import { seedDemoPlan } from './demo-plan.js';

const PASSWORD = 'teamline-demo-1';
const PROJECT_NAME = 'Teamline demo';
const people = [
  { email: 'client@demo.teamline.test', name: 'Client Kim', nickname: 'client', role: 'client' },
  { email: 'admin@demo.teamline.test', name: 'Admin Park', nickname: 'admin', role: 'admin' },
  { email: 'lead@demo.teamline.test', name: 'Lead Lee', nickname: 'lead', role: 'depth1' },
  { email: 'dev@demo.teamline.test', name: 'Dev Nguyen', nickname: 'dev', role: 'depth2' },
] as const;

const config = loadConfig();
let database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.databaseDir,
    lock: { folder: config.dataDir, holder: 'seed:demo command' },
  });
} catch (err) {
  console.error(err instanceof DataFolderLockedError ? err.message : err);
  process.exit(1);
}
const { db } = database;
const members = createMemberRepository(db);
const projects = createProjectRepository(db);
const links = createLinkRepository(db);
const memberships = membershipsOn(db);

try {
  const passwordHash = await hashPassword(PASSWORD);
  const ids: Record<string, number> = {};
  for (const p of people) {
    const existing = await members.findActiveByEmail(p.email);
    const row = existing
      ? await members.update(existing.memberIdx, { passwordHash, failedLogins: 0, lockedAt: null })
      : await members.insert({
          email: p.email,
          passwordHash,
          name: p.name,
          nickname: p.nickname,
          phone: '01000000000',
          lang: 'en',
        });
    ids[p.role] = row!.memberIdx;
  }

  let project = await projects.findByName(PROJECT_NAME);
  let adminMip: number;
  if (!project) {
    const created = await projects.createWithMember(
      {
        name: PROJECT_NAME,
        createdByIdx: ids.admin!,
        updatedByIdx: ids.admin!,
        startDt: '20260101',
        endDt: '20261231',
      },
      { memberIdx: ids.admin!, role: 'admin', isAdmin: true },
    );
    project = created.project;
    adminMip = created.membership.memberInProjectIdx;
  } else {
    adminMip = (
      await memberships.addMember({
        projectIdx: project.projectIdx,
        memberIdx: ids.admin!,
        role: 'admin',
        isAdmin: true,
      })
    ).memberInProjectIdx;
  }
  const projectIdx = project.projectIdx;
  await memberships.addMember({ projectIdx, memberIdx: ids.client!, role: 'client' });
  const lead = await memberships.addMember({ projectIdx, memberIdx: ids.depth1!, role: 'depth1' });
  const dev = await memberships.addMember({
    projectIdx,
    memberIdx: ids.depth2!,
    role: 'depth2',
    depth1Idx: lead.memberInProjectIdx,
  });

  for (const [url, metaTitle] of [
    ['https://github.com/teamline/demo', 'github.com'],
    ['https://www.figma.com/file/demo', 'www.figma.com'],
  ] as const) {
    if (!(await links.findByUrl(projectIdx, url)))
      await links.insert({ projectIdx, url, metaTitle, metaImage: null, createdByIdx: ids.admin! });
  }

  if (
    await seedDemoPlan(db, projectIdx, {
      admin: adminMip,
      lead: lead.memberInProjectIdx,
      dev: dev.memberInProjectIdx,
    })
  )
    console.log('Its timeline has three milestones, two epics and a backlog.');
  console.log(`Demo project "${PROJECT_NAME}" (projectIdx ${projectIdx}) is ready. Sign in with:`);
  for (const p of people) console.log(`  ${p.role.padEnd(7)} ${p.email}  /  ${PASSWORD}`);
} finally {
  await database.close();
}
