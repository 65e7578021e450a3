import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun } from '@teamline/contract';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { connect, listen, waitFor, type ReceivedEvent } from '../../test/realtime-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * docs/product/import.md#flow: an import's progress is pushed on the project's realtime channel
 * (`import.updated`, after each committed batch and when it is done or undone) to those who may
 * import; another project's member and a client of the project receive none of it.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
const sockets: { close(): void }[] = [];

/** A plain CSV of `n` stories: 2 batches of 50 for n = 60. */
const storiesCsv = (n: number) =>
  ['title', ...Array.from({ length: n }, (_, i) => `Pushed story ${i + 1}`)].join('\n') + '\n';

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'irt');
  call = api(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const runsOf = (events: ReceivedEvent[]) =>
  events.filter((e) => e.type === 'import.updated').map((e) => e.payload as unknown as ImportRun);

describe('import progress on the realtime channel', () => {
  it('reaches the project’s importers batch by batch, then done and undone; not another project’s member', async () => {
    const base = await listen(t);
    const dev = await connect(base, f.dev.key);
    const client = await connect(base, f.client.key);
    const outsider = await connect(base, f.outsider.key);
    sockets.push(dev.socket, client.socket, outsider.socket);

    const res = await call('POST', `/project/${f.projectA}/import`, f.admin.key, {
      source: 'csv',
      fileName: 'pushed.csv',
      text: storiesCsv(60),
      mapping: { title: 'title' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const importIdx = res.json().data.importIdx as number;

    await waitFor(() => runsOf(dev.events).some((r) => r.state === 'done'), 10_000);
    const runs = runsOf(dev.events).filter((r) => r.importIdx === importIdx);
    expect(runs.map((r) => [r.state, r.progress.done, r.counts.stories])).toEqual([
      ['running', 50, 50],
      ['running', 60, 60],
      ['done', 60, 60],
    ]);
    expect(runs[0]).toMatchObject({
      projectIdx: f.projectA,
      fileName: 'pushed.csv',
      progress: { total: 60 },
    });
    // The pushed run is what the route answers.
    const read = await call('GET', `/import/${importIdx}`, f.dev.key);
    expect(read.json().data).toEqual(runs.at(-1));

    const undo = await call('POST', `/import/${importIdx}/undo`, f.admin.key);
    expect(undo.statusCode, undo.body).toBe(200);
    await waitFor(() => runsOf(dev.events).some((r) => r.state === 'undone'));

    // The story.deleted events of the undo reach the client too, after the import's last event:
    // once they arrived, nothing of the import is still on its way.
    await waitFor(() => client.events.some((e) => e.type === 'story.deleted'));
    expect(runsOf(client.events)).toEqual([]);
    const outsiderUndo = await call('POST', `/import/${importIdx}/undo`, f.outsider.key);
    expect(outsiderUndo.json().error.code).toBe('IMPORT_NOT_FOUND');
    expect(runsOf(outsider.events)).toEqual([]);
    expect(outsider.events.filter((e) => e.projectIdx === f.projectA)).toEqual([]);
  });
});
