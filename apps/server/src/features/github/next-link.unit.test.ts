import { describe, expect, it } from 'vitest';
import { nextLink } from './github-client.js';

describe('nextLink: the rel="next" address of GitHub’s Link header, as given', () => {
  it('finds it wherever it stands, with a cursor or a page number', () => {
    const cursor = 'https://api.github.com/repositories/1/issues?state=all&per_page=100&after=Y3Vyc29yOjEwMA';
    expect(
      nextLink(`<https://api.github.com/repositories/1/issues?page=1>; rel="first", <${cursor}>; rel="next"`),
    ).toBe(cursor);
    expect(
      nextLink(
        '<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=9>; rel="last"',
      ),
    ).toBe('https://api.github.com/x?page=2');
  });
  it('keeps a URL holding commas whole', () => {
    const url = 'https://api.github.com/x?labels=a,b&after=abc';
    expect(nextLink(`<${url}>; rel="next"`)).toBe(url);
  });
  it('is null on the last page or without a header', () => {
    expect(
      nextLink(
        '<https://api.github.com/x?page=1>; rel="prev", <https://api.github.com/x?page=1>; rel="first"',
      ),
    ).toBe(null);
    expect(nextLink(null)).toBe(null);
    expect(nextLink('')).toBe(null);
  });
});
