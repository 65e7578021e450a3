import { URL } from 'node:url';
import pg from 'pg';

/**
 * One statement (`create database …`, `drop database …`) on a connection of its own to a PostgreSQL
 * server's admin address (TEST_DATABASE_URL): the test databases, their template and the cluster
 * journey's database are made and dropped through it.
 */
export async function onDatabaseServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  // A connection the server ends meanwhile (another run's `drop … with (force)`) is not this caller's failure.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The admin address with another database's name. */
export const databaseUrlNamed = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
