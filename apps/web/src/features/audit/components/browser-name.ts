/**
 * A short name for a User-Agent string ("Chrome 130 · Windows"): the log keeps the whole string (in
 * the CSV and the cell's title), the table shows what a person recognises.
 */
const browsers: [RegExp, string][] = [
  [/Edg(?:A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function browserName(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent));
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
  const version = browser[0].exec(userAgent)?.[1];
  const name = version ? `${browser[1]} ${version}` : browser[1];
  return system ? `${name} · ${system}` : name;
}
