import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The app under test writes each mail to `$E2E_DATA_DIR/outbox/<timestamp>-<to>.eml`. */
const outboxDir = (): string => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Undoes quoted-printable soft line breaks and escapes, enough to read links and subjects. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The names of the mails to `to` sent at or after `after` (ms since epoch), oldest first. */
async function mailNamesTo(to: string, after = 0): Promise<string[]> {
  return (await readdir(outboxDir()).catch(() => [] as string[]))
    .filter((name) => name.endsWith(`-${to}.eml`) && Number(name.slice(0, 13)) >= after)
    .sort();
}

/** How many mails to `to` carry `text` (a subject, a line): a mail sent twice counts twice. */
export async function mailsTo(to: string, text: string): Promise<number> {
  const mails = await Promise.all(
    (await mailNamesTo(to)).map(async (name) =>
      decodeQuotedPrintable(await readFile(join(outboxDir(), name), 'utf8')),
    ),
  );
  return mails.filter((mail) => mail.includes(text)).length;
}

async function newestMailTo(to: string, after: number): Promise<string | null> {
  const last = (await mailNamesTo(to, after)).at(-1);
  return last ? decodeQuotedPrintable(await readFile(join(outboxDir(), last), 'utf8')) : null;
}

/**
 * Waits for a mail to `to` sent at or after `after` (ms since epoch) and returns its link whose
 * hash path starts with `hashPath` (e.g. `/verify/email`), as a path relative to the app's origin.
 */
export async function linkFromOutbox(to: string, hashPath: string, after = 0): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const mail = await newestMailTo(to, after);
        const match = mail?.match(new RegExp(`https?://[^\\s"<>]*#${hashPath}\\?token=[A-Za-z0-9_-]+`));
        link = match ? match[0] : null;
        return link;
      },
      { message: `a mail to ${to} with a #${hashPath} link`, timeout: 15_000 },
    )
    .not.toBeNull();
  const url = new URL(link!);
  return `/${url.hash}`;
}
