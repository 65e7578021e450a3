import { existsSync } from 'node:fs';

/** The flags every run starts Chromium with: no sandbox as root, and no calls to Google's services. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A failed journey keeps its trace (each action's DOM before and after, the network, the console) but
 * not the trace's filmstrip: recording it made Chromium encode a screencast frame on every paint of
 * every journey, passing or not, about half of the browser's CPU (docs/decisions.md "Tests"). The
 * failure's own screenshot is still taken (`screenshot: 'only-on-failure'`).
 */
export const traceOnFailure = { mode: 'retain-on-failure', screenshots: false } as const;

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else the
 * binary shipped inside the npm package `@sparticuz/chromium` (unpacked to the temp folder on first
 * use), so `npm test` runs the browser tests on a fresh machine with nothing installed by hand.
 */
export async function findChromium(): Promise<{ executablePath: string; source: string }> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return { executablePath: configured, source: 'CHROMIUM_PATH' };
  }
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', source: 'Debian' };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { executablePath: await packaged.executablePath(), source: '@sparticuz/chromium' };
}
