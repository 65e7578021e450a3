import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { checklistDoc } from './checklist.test-util';
import { editorExtensions } from './editor-extensions';

const checklist = checklistDoc(['Ship it', true], ['', false]);

/** The checkboxes' names as the editor (and the public page, which uses the same list) draws them. */
function checkboxNames(): string[] {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ element, extensions: editorExtensions(), content: checklist, editable: false });
  const names = [...element.querySelectorAll('input[type="checkbox"]')].map(
    (c) => c.getAttribute('aria-label') ?? '',
  );
  editor.destroy();
  element.remove();
  return names;
}

afterEach(() => setLanguage('en'));

describe('checklist checkboxes', () => {
  it.each([
    ['en', ['Task: Ship it', 'Empty task']],
    ['kr', ['할 일: Ship it', '빈 할 일']],
    ['vi', ['Việc cần làm: Ship it', 'Việc cần làm trống']],
  ] as const)('are named in %s, not in TipTap’s English', async (lang, names) => {
    await setLanguage(lang);
    expect(checkboxNames()).toEqual(names);
  });
});
