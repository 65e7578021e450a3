/**
 * Settlement exports (`npm run bench:export`, and part of `npm run bench`): figures, not a test.
 *  1. CSV of 100,000 lines from a lazy source, streamed into a byte-counting sink: elapsed ms and
 *     the process's peak RSS while it ran (sampled on every chunk and every 5 ms), against the RSS
 *     before it. Target ≤ 2 s with memory bounded by a chunk, not by the number of lines.
 *  2. The same 100,000 lines held in the statement (as the settlement service returns them) through
 *     the export route over real HTTP on loopback, the body read as a stream.
 *  3. PDF of 1,000 lines: the first (reads and parses the font) and the next ones.
 * Tune with BENCH_EXPORT_LINES (100000) and BENCH_EXPORT_PDF_LINES (1000).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { SettlementLineDto } from '@teamline/contract';
import { settlementCsvStream } from '../src/features/settlement/export/settlement-csv.js';
import { settlementExportRoutes } from '../src/features/settlement/export/settlement-export.routes.js';
import { settlementPdf } from '../src/features/settlement/export/settlement-pdf.js';
import { fixtureStatement, manyLines } from '../src/features/settlement/export/statement.fixture.js';

const LINES = Number(process.env.BENCH_EXPORT_LINES ?? 100_000);
const PDF_LINES = Number(process.env.BENCH_EXPORT_PDF_LINES ?? 1_000);
const MB = 1024 * 1024;

export interface ExportBench {
  lines: number;
  pdfLines: number;
  csvMs: number;
  csvBytes: number;
  rssBeforeMb: number;
  csvPeakRssMb: number;
  httpMs: number;
  httpBytes: number;
  pdfFirstMs: number;
  pdfWarmMs: number;
  pdfBytes: number;
}

/** Peak RSS while `run` runs: sampled on a timer and whenever `sample` is called. */
async function withPeakRss<T>(run: (sample: () => void) => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await run(sample);
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

function countingSink(sample: () => void): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      sink.bytes += chunk.length;
      sample();
      // Hand back control as a socket would, so timers (the RSS sampler) get their turn.
      setImmediate(callback);
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

export async function benchSettlementExport(): Promise<ExportBench> {
  const statement = fixtureStatement('kr');
  globalThis.gc?.();
  const rssBefore = process.memoryUsage.rss();

  const t0 = performance.now();
  const { result: csvBytes, peak } = await withPeakRss(async (sample) => {
    const sink = countingSink(sample);
    await pipeline(settlementCsvStream(statement, manyLines(LINES)), sink);
    return sink.bytes;
  });
  const csvMs = performance.now() - t0;
  console.log(
    `CSV ${LINES.toLocaleString('en')} lines streamed: ${csvMs.toFixed(0)} ms, ${(csvBytes / MB).toFixed(1)} MB written, RSS ${(rssBefore / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB (+${((peak - rssBefore) / MB).toFixed(0)} MB)`,
  );

  // Through the route over HTTP, the lines held in memory as the service will hand them over.
  const lines: SettlementLineDto[] = [];
  for await (const line of manyLines(LINES)) lines.push(line);
  const big = { ...statement, settlement: { ...statement.settlement, lines } };
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = { memberIdx: 1, familyId: 'bench' };
  });
  await app.register(async (api) => settlementExportRoutes(api, { statement: async () => big }), {
    prefix: '/api',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let httpMs = 0;
  let httpBytes = 0;
  try {
    const { port } = app.server.address() as AddressInfo;
    const t1 = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/settlement/1/export?format=csv`);
    for await (const chunk of response.body!) httpBytes += (chunk as Uint8Array).length;
    httpMs = performance.now() - t1;
  } finally {
    await app.close();
  }
  console.log(
    `CSV ${LINES.toLocaleString('en')} lines through GET /settlement/{id}/export over HTTP: ${httpMs.toFixed(0)} ms, ${(httpBytes / MB).toFixed(1)} MB`,
  );

  const pdfLines = Array.from({ length: PDF_LINES }, (_, i) => ({
    ...statement.settlement.lines![i % statement.settlement.lines!.length]!,
  }));
  const pdfStatement = { ...statement, settlement: { ...statement.settlement, lines: pdfLines } };
  const t2 = performance.now();
  const pdf = await settlementPdf(pdfStatement);
  const pdfFirstMs = performance.now() - t2;
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await settlementPdf(pdfStatement);
    warm.push(performance.now() - t);
  }
  const pdfWarmMs = warm.sort((a, b) => a - b)[1]!;
  console.log(
    `PDF ${PDF_LINES.toLocaleString('en')} lines: first ${pdfFirstMs.toFixed(0)} ms (reads the font), then median ${pdfWarmMs.toFixed(0)} ms of 3; ${(pdf.length / 1024).toFixed(0)} KB`,
  );
  return {
    lines: LINES,
    pdfLines: PDF_LINES,
    csvMs,
    csvBytes,
    rssBeforeMb: rssBefore / MB,
    csvPeakRssMb: peak / MB,
    httpMs,
    httpBytes,
    pdfFirstMs,
    pdfWarmMs,
    pdfBytes: pdf.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSettlementExport();
