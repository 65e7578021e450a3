/** What the devices list and the new-browser mail call a browser: its name and major version, and its system. */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

/**
 * Browsers by their User-Agent token, most specific first: Edge, Opera, Samsung Internet and Whale
 * also say "Chrome", and Chrome also says "Safari". The iOS builds of Chrome, Firefox and Edge carry
 * their own tokens (CriOS, FxiOS, EdgiOS).
 */
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Whale', /\bWhale\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//],
];

/** Systems, most specific first: Android and ChromeOS also say "Linux", iOS also says "Mac OS X". */
const systems: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * A few-line reading of a User-Agent, enough to let a person recognise their own sessions ("Chrome
 * 126 on Windows"); unknown parts are null. It is shown to the account's owner only and never used
 * to decide anything (a client can send any User-Agent).
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  const browser = browsers.find(([, pattern]) => pattern.test(ua));
  const os = systems.find(([, pattern]) => pattern.test(ua));
  return {
    browser: browser ? `${browser[0]} ${browser[1].exec(ua)![1]}` : null,
    os: os ? os[0] : null,
  };
}
