import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, environmentSchema, loadConfig } from './config.js';
import { repoRoot } from './paths.js';

describe('configuration', () => {
  it('starts with working defaults on one machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(resolve(repoRoot, 'data'));
    expect(config.linkPreview).toBe(true);
    expect(config.embeddedSharedBuffersMb).toBeUndefined();
    expect(config.s3).toBeNull();
  });

  it('stores files in a bucket when S3_BUCKET is set; a custom endpoint is path-style unless told', () => {
    expect(loadConfig({ S3_BUCKET: 'teamline-files' }).s3).toEqual({
      bucket: 'teamline-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(minio).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false' })
        .s3,
    ).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(ConfigError);
  });

  it('reads the values it is given and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://team.example.com/',
      DATABASE_URL: 'postgres://app@db:5432/teamline',
      SMTP_URL: '',
      LINK_PREVIEW: 'false',
      PGLITE_SHARED_BUFFERS_MB: '32',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://team.example.com');
    expect(config.databaseUrl).toBe('postgres://app@db:5432/teamline');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.linkPreview).toBe(false);
    expect(config.embeddedSharedBuffersMb).toBe(32);
  });

  it('runs the embedded database on the main thread unless PGLITE_THREAD=worker; refuses another value', () => {
    expect(loadConfig({}).embeddedThread).toBeUndefined();
    expect(loadConfig({ PGLITE_THREAD: 'main' }).embeddedThread).toBe('main');
    expect(loadConfig({ PGLITE_THREAD: 'worker' }).embeddedThread).toBe('worker');
    expect(() => loadConfig({ PGLITE_THREAD: 'both' })).toThrow(ConfigError);
  });

  it('names Redis keys per deployment: two public addresses never share a prefix (REDIS_PREFIX)', () => {
    const a = loadConfig({ PUBLIC_URL: 'https://team.example.com' });
    const b = loadConfig({ PUBLIC_URL: 'https://staging.example.com/app/' });
    expect(a.redisPrefix).toBe('teamline:team.example.com');
    expect(b.redisPrefix).toBe('teamline:staging.example.com/app');
    expect(loadConfig({}).redisPrefix).toBe('teamline:localhost:8080');
    expect(loadConfig({ PORT: '8081' }).redisPrefix).toBe('teamline:localhost:8081');
    // The live bus follows the prefix unless PUBSUB_CHANNEL names its own channel.
    expect(a.pubsubChannel).toBe('teamline:team.example.com:events');
    const named = loadConfig({ REDIS_PREFIX: 'acme-prod', PUBSUB_CHANNEL: 'acme:bus' });
    expect([named.redisPrefix, named.pubsubChannel]).toEqual(['acme-prod', 'acme:bus']);
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(ConfigError);
  });

  it('refuses wrong values with a message naming every variable at fault', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/teamline',
        LOG_LEVEL: 'loud',
        PGLITE_SHARED_BUFFERS_MB: '8',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^PORT: .*"eighty"/);
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toBe(
      'DATABASE_URL: expected a postgres:// or postgresql:// URL (got "mysql://db/teamline")',
    );
    expect(problems.some((p) => p.startsWith('LOG_LEVEL'))).toBe(true);
    expect(problems.find((p) => p.startsWith('PGLITE_SHARED_BUFFERS_MB'))).toMatch(/from 16 to 1024/);
  });

  it('is documented in the README exactly: every variable the code reads and no other', () => {
    const readme = readFileSync(resolve(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
    );
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
    );
    expect([...documented].sort()).toEqual(Object.keys(environmentSchema.shape).sort());
  });

  it('is documented in docs/deploy.md exactly: the operator table names every variable and no other', () => {
    const guide = readFileSync(resolve(repoRoot, 'docs/deploy.md'), 'utf8');
    const start = guide.indexOf('## Variables');
    expect(start).toBeGreaterThan(-1);
    const section = guide.slice(start, guide.indexOf('\n## ', start + 5));
    const documented = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
    // Each once, and exactly the schema's.
    expect(documented.length).toBe(new Set(documented).size);
    expect([...documented].sort()).toEqual(Object.keys(environmentSchema.shape).sort());
  });
});
