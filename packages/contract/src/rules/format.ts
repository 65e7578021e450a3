/** Spec §5 "Number formatter": a missing value is 0; otherwise rounded, comma thousands. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  const n = value == null || Number.isNaN(value) ? 0 : value;
  return n.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** Spec §5 "Date formats": 6 digits show as YYYY.MM, a longer code as YYYY.MM.DD. */
export function formatDateCode(code: string | null | undefined): string {
  if (!code) return '';
  const digits = code.replace(/\D/g, '');
  if (digits.length === 6) return `${digits.slice(0, 4)}.${digits.slice(4, 6)}`;
  if (digits.length >= 8) return `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6, 8)}`;
  return code;
}

/** A Date as the `YYYYMMDD` code the API uses, in UTC. */
export function toDateCode(date: Date): string {
  const y = date.getUTCFullYear();
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}${m}${d}`;
}

/** `YYYY-MM-DD` (an `<input type=date>` value) to `YYYYMMDD`, and back. */
export const isoDateToCode = (iso: string): string => iso.replaceAll('-', '');
export function codeToIsoDate(code: string | null | undefined): string {
  if (!code || code.length < 8) return '';
  return `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}`;
}

/** Spec §9 "File size helper": bytes / 1048576, 2 decimals by default. */
export function fileSizeMb(bytes: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round((bytes / 1048576) * factor) / factor;
}

/** Spec §9: desired daily rate is kept in thousand won per 8 hours and shown in 만원. */
export function thousandWonToManwon(thousandWon: number | null | undefined): number {
  return (thousandWon ?? 0) / 10;
}

/** `someone@example.com` → `so*****@example.com` for find-id answers. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${'*'.repeat(Math.max(1, local.length - shown.length))}@${domain}`;
}
