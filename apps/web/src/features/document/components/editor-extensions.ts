import { fileIdxOfImageSrc } from '@teamline/contract';
import { documentEditorExtensions } from '@teamline/contract/editor';
import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { i18next } from '../../../lib/i18n';
import { imageUrlOf } from '../image-urls';
import { CaretAfterTyping } from './caret-after-typing';

/**
 * Images are project files named `teamline-file:{fileIdx}` in the document; shown here through a
 * signed address asked for when the image appears (and again if the browser finds it expired).
 * Any other address (an old embedded image, a public page's signed one) is shown as it is.
 */
const ProjectImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      // Its own class: ProseMirror also puts src-less <img> into the editor (its caret "separator" after a
      // widget such as a co-author's caret), which the placeholder style must not catch.
      img.className = 'document-image';
      let shown: unknown;
      let retried = false;
      const show = (next: ProseMirrorNode) => {
        img.alt = typeof next.attrs.alt === 'string' ? next.attrs.alt : '';
        if (typeof next.attrs.title === 'string') img.title = next.attrs.title;
        else img.removeAttribute('title');
        if (next.attrs.src === shown) return;
        shown = next.attrs.src;
        retried = false;
        const fileIdx = fileIdxOfImageSrc(shown);
        if (fileIdx === null) {
          img.src = typeof shown === 'string' ? shown : '';
          return;
        }
        img.removeAttribute('src');
        const wanted = shown;
        imageUrlOf(fileIdx).then(
          (url) => {
            if (shown === wanted) img.src = url;
          },
          () => img.classList.add('is-missing'),
        );
      };
      img.addEventListener('error', () => {
        const fileIdx = fileIdxOfImageSrc(shown);
        if (fileIdx === null || retried) return;
        retried = true;
        imageUrlOf(fileIdx, true).then(
          (url) => (img.src = url),
          () => img.classList.add('is-missing'),
        );
      });
      show(node);
      return {
        dom: img,
        update: (next: ProseMirrorNode) => {
          if (next.type.name !== node.type.name) return false;
          show(next);
          return true;
        },
      };
    };
  },
});

/** A checklist item's checkbox named in the reader's language (asked when the item is drawn). */
export const taskCheckboxLabel = (text: string): string =>
  text.trim()
    ? i18next.t('ui.document.taskCheckbox', { text: text.trim() })
    : i18next.t('ui.document.taskCheckboxEmpty');

/**
 * The editor's extensions: the contract's list (`@teamline/contract/editor`), the very one the server
 * checks saved documents against, with images drawn as project files (`ProjectImage`) and checklist
 * checkboxes named in the reader's language (the editor and the public page alike), and the caret
 * kept after typed text (`CaretAfterTyping`: behaviour only, no content of its own).
 */
export const editorExtensions = (options: { history?: boolean } = {}): Extensions => [
  ...documentEditorExtensions({ image: ProjectImage, history: options.history, taskCheckboxLabel }),
  CaretAfterTyping,
];
