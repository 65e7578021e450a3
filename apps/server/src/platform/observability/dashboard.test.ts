import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.js';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.js';

const TOKEN = 'dashboard-scrape-token-0123';
const DASHBOARD = resolve(repoRoot, 'docs/grafana/teamline-dashboard.json');

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
  datasource?: { uid: string };
}

/** PromQL words that are not metric names. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads: label sets, ranges, strings, groupings and calls left out. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+)?\b/gi, '');
  const names = [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)]
    .filter((m) => bare.slice(m.index + m[0].length).trimStart()[0] !== '(')
    .map((m) => m[0])
    .filter((word) => !KEYWORDS.has(word.toLowerCase()));
  return [...new Set(names)];
}

/** Every series name a Prometheus text exposition can carry: histograms' and summaries' suffixes too. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name! + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name! + suffix);
  }
  return names;
}

describe('the example Grafana dashboard (docs/grafana/teamline-dashboard.json)', () => {
  let t: TestApp;
  let scrape: string;
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    panels: Panel[];
    templating: { list: { name: string; type: string; query: unknown }[] };
  };
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } } });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    scrape = (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads only metrics a real server exports, so it cannot drift from them', () => {
    const exported = exportedNames(scrape);
    const used = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets ?? []) for (const name of metricNames(target.expr)) used.add(name);
    for (const variable of dashboard.templating.list) {
      const query = (variable.query as { query?: string } | string | undefined) ?? '';
      const text = typeof query === 'string' ? query : (query.query ?? '');
      const metric = /label_values\(\s*([A-Za-z_:][A-Za-z0-9_:]*)/.exec(text)?.[1];
      if (metric) used.add(metric);
    }
    // What the issue asks the dashboard to show, each by at least one of its names.
    for (const name of [
      'http_request_duration_seconds_bucket',
      'db_statement_duration_seconds_bucket',
      'outbox_lag_seconds',
      'job_queue_depth',
      'job_failures_total',
      'webhook_delivery_failures_total',
      'mail_failures_total',
      'websocket_connections',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ])
      expect(used).toContain(name);
    const missing = [...used].filter((name) => !exported.has(name));
    expect(missing).toEqual([]);
    // The closing note's figure: the families a scrape declares (histograms once, not per suffix).
    const families = [...scrape.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!).sort();
    console.warn(`metric names a scrape returned: ${families.join(', ')}`);
  });

  it('is a dashboard Grafana imports: a Prometheus datasource variable every panel queries through', () => {
    const datasource = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(datasource).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const ids = new Set<number>();
    for (const panel of dashboard.panels) {
      const { id } = panel as Panel & { id: number };
      expect(ids.has(id)).toBe(false);
      ids.add(id);
      if (panel.type !== 'row') expect(panel.datasource?.uid).toBe('${datasource}');
    }
  });

  it('reads names out of PromQL, not label values or functions', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{job=~"$job", status=~"5.."}[$__rate_interval]))) / clamp_min(x_total, 1e-9)',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'x_total']);
  });
});
