import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

describe('where login returns to', () => {
  it('prefers the redirect query, then the previous path, then home', () => {
    expect(afterLoginPath('/timeline/3?selectedStory=2', '/profile')).toBe('/timeline/3?selectedStory=2');
    expect(afterLoginPath(null, '/profile')).toBe('/profile');
    expect(afterLoginPath(null, '')).toBe('/');
  });
  it('ignores addresses outside the app and login itself', () => {
    expect(afterLoginPath('//evil.example', '')).toBe('/');
    expect(afterLoginPath('https://evil.example', '/profile')).toBe('/profile');
    expect(afterLoginPath('/login?redirect=/x', '/login')).toBe('/');
  });
});
