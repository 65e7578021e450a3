import { describe, expect, it } from 'vitest';
import { isHttpUrl, isSafeImageSrc, isSafeUrl, normalizeLink, optionalLink } from '../index.js';

describe('stored addresses (issue 30): http, https and mailto only', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'file:///etc/passwd',
    '//evil.example',
    '/relative',
    'https://',
    'https://exa mple.com',
    'https://example.com/\u200b',
    'mailto:',
    'mailto:not-an-address',
    '',
    'https://' + 'a'.repeat(2000),
  ])('refuses %j', (value) => {
    expect(isSafeUrl(value)).toBe(false);
  });
  it.each([
    'http://example.com',
    'HTTPS://Example.com/a?b=c#d',
    'mailto:pm@example.com',
    'mailto:pm@example.com?subject=Hi',
  ])('keeps %j', (value) => {
    expect(isSafeUrl(value)).toBe(true);
  });
  it('links in the list and webhooks are http(s) only', () => {
    expect(isHttpUrl('mailto:pm@example.com')).toBe(false);
    expect(isHttpUrl('https://example.com')).toBe(true);
  });
  it('document images: project files, http(s) and embedded raster images', () => {
    for (const src of ['teamline-file:12', 'https://img.example/a.png', 'data:image/webp;base64,UklGRg=='])
      expect(isSafeImageSrc(src)).toBe(true);
    for (const src of [
      'teamline-file:0',
      'teamline-file:1x',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,<script>',
      'javascript:alert(1)',
      'mailto:a@b.example',
      null,
    ])
      expect(isSafeImageSrc(src)).toBe(false);
  });
  it('normalising keeps a written scheme, so javascript: is refused instead of becoming a host', () => {
    expect(normalizeLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normalizeLink('mailto:pm@example.com')).toBe('mailto:pm@example.com');
    expect(normalizeLink('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(normalizeLink('example.com')).toBe('https://example.com');
    expect(optionalLink.safeParse('javascript:alert(1)').success).toBe(false);
    expect(optionalLink.parse(' example.com ')).toBe('https://example.com');
    expect(optionalLink.parse('')).toBe('');
  });
});
