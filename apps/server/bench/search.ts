/**
 * The search part of `npm run bench` (issue 34, docs/product/search.md): a project of its own with
 * 100,000 stories and 10,000 documents (titles and texts mixing Korean, Vietnamese with tones and
 * English words), inserted in bulk by the database (`generate_series`), then GET /api/search one at
 * a time for typical queries: a story key, a Korean word, Vietnamese typed without tone marks, an
 * English word. Targets: p95 ≤ 100 ms embedded, ≤ 50 ms PostgreSQL.
 *
 * Also on its own: `npm run bench:search` (BENCH_DATABASES=pglite or postgres for one database).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type Percentiles = { p50: number; p95: number; p99: number };
export interface SearchBench {
  seedMs: number;
  queries: { name: string; q: string; hits: number; p: Percentiles }[];
}

export const SEARCH_STORIES = Number(process.env.BENCH_SEARCH_STORIES ?? 100_000);
export const SEARCH_DOCUMENTS = Number(process.env.BENCH_SEARCH_DOCUMENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 60);

const korean = `array['결제','화면','개선','로그인','회원가입','장바구니','주문','배송','알림','검색','정산','권한']`;
const vietnamese = `array['Sửa lỗi','đăng nhập','Nguyễn','thanh toán','giỏ hàng','tài khoản','báo cáo','đơn hàng','người dùng']`;
const english = `array['checkout','invoice','export','search','profile','billing','upload','report','dashboard','sync','refund','coupon','widget']`;
/** A title from the three word lists, varied by `n`, unique by its number. */
const titleOf = (n: string) =>
  `(${korean})[1 + ${n} % 12] || ' ' || (${vietnamese})[1 + (${n} / 12) % 9] || ' ' || (${english})[1 + (${n} / 108) % 13] || ' ' || ${n}`;

export async function benchSearch(
  app: FastifyInstance,
  options: { projectIdx: number; memberIdx: number; headers: Record<string, string> },
): Promise<SearchBench> {
  const { projectIdx, memberIdx, headers } = options;
  const db = app.ctx.database.db;
  const started = performance.now();
  await db.execute(sql`
    insert into github_connection (project_idx, auth_kind, account, token_cipher, project_key, webhook_secret, connected_by_idx)
    values (${projectIdx}, 'token', 'bench', 'x', 'SHOP', 'secret', ${memberIdx})`);
  // Bulk, in slices of 25,000 rows (one statement each): the search forms and their trigram
  // indexes are written with the rows, as every write does.
  for (let from = 1; from <= SEARCH_STORIES; from += 25_000) {
    const to = Math.min(SEARCH_STORIES, from + 24_999);
    await db.execute(
      sql.raw(`
        insert into story (project_idx, story_no, title, order_key, created_by_idx)
        select ${projectIdx}, n, ${titleOf('n')}, 'a' || lpad(n::text, 8, '0'), ${memberIdx}
        from generate_series(${from}, ${to}) n`),
    );
  }
  await db.execute(
    sql`update project set next_story_no = ${SEARCH_STORIES + 1} where project_idx = ${projectIdx}`,
  );
  for (let from = 1; from <= SEARCH_DOCUMENTS; from += 5_000) {
    const to = Math.min(SEARCH_DOCUMENTS, from + 4_999);
    await db.execute(
      sql.raw(`
        insert into document (project_idx, title, kind, content, text, created_by_idx, updated_by_idx)
        select ${projectIdx}, 'Tài liệu ' || ${titleOf('n')}, 'page', '{"type":"doc","content":[]}'::jsonb,
               repeat(${titleOf('(n * 7)')} || '. ', 20), ${memberIdx}, ${memberIdx}
        from generate_series(${from}, ${to}) n`),
    );
  }
  await db.execute(sql`analyze story`);
  await db.execute(sql`analyze document`);
  const seedMs = performance.now() - started;
  console.log(
    `  search: seeded ${SEARCH_STORIES.toLocaleString('en')} stories and ${SEARCH_DOCUMENTS.toLocaleString('en')} documents in ${Math.round(seedMs)} ms`,
  );

  const cases = [
    { name: 'story key (SHOP-4242)', q: 'SHOP-4242' },
    { name: 'Korean word (장바구니)', q: '장바구니' },
    { name: 'Vietnamese, no tones (nguyen)', q: 'nguyen' },
    { name: 'Vietnamese, no tones (dang nhap)', q: 'dang nhap' },
    { name: 'English word (invoice)', q: 'invoice' },
    { name: 'English, rare (refund 777)', q: 'refund 777' },
  ];
  const queries: SearchBench['queries'] = [];
  for (const c of cases) {
    const url = `/api/search?q=${encodeURIComponent(c.q)}`;
    let hits = 0;
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`search ${c.q}: HTTP ${res.statusCode} ${res.body}`);
      hits = res.json<{ data: { items: unknown[] } }>().data.items.length;
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
    const p = { p50: pct(50), p95: pct(95), p99: pct(99) };
    const f = (v: number) => v.toFixed(1).padStart(7);
    console.log(
      `  GET /search ${c.name.padEnd(32)} ${String(hits).padStart(2)} hits  p50 ${f(p.p50)} ms  p95 ${f(p.p95)} ms  p99 ${f(p.p99)} ms  (inject, 1 at a time)`,
    );
    queries.push({ ...c, hits, p });
  }
  return { seedMs, queries };
}
