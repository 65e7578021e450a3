import { describe, expect, it } from 'vitest';
import { closedStories, mentionedStories } from './mentions.js';

describe('story keys in GitHub text', () => {
  it.each([
    ['SHOP-12 login page', [12]],
    ['shop-3 and Shop-4, again SHOP-3', [3, 4]],
    ['feature/SHOP-7-cart', [7]],
    ['(SHOP-8)', [8]],
    ['XSHOP-12 is another key', []],
    ['SHOP-12a is not a key', []],
    ['SHOP-0 names no story', []],
    ['no key here', []],
  ])('%s mentions %j', (text, numbers) => {
    expect(mentionedStories(text, 'SHOP')).toEqual(numbers);
  });

  it.each([
    ['fixes SHOP-12', [12]],
    ['Closes: shop-2', [2]],
    ['This resolved SHOP-5 and fixed SHOP-6', [5, 6]],
    ['closes SHOP-3, SHOP-4', [3]],
    ['mentions SHOP-9 without closing it', []],
    ['prefixes SHOP-9 (a word ending in "fixes")', []],
    ['fix:SHOP-1 needs a space', []],
  ])('%s closes %j', (text, numbers) => {
    expect(closedStories(text, 'SHOP')).toEqual(numbers);
  });
});
