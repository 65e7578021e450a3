import { fileIdxOfImageSrc } from '@teamline/contract';
import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { imageUrlOf } from '../image-urls';

/**
 * Images are project files named `teamline-file:{fileIdx}` in the document; shown here through a
 * signed address asked for when the image appears (and again if the browser finds it expired).
 * Any other address (an old embedded image, a public page's signed one) is shown as it is.
 */
const ProjectImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
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

/**
 * The editor's schema: the same node and mark names the server reads for text, search and Markdown
 * (features/document/editor-text.ts, markdown.ts). Images are project files (`ProjectImage`).
 */
export const editorExtensions = (options: { history?: boolean } = {}): Extensions => [
  StarterKit.configure({
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    ...(options.history === false ? { undoRedo: false } : {}),
  }),
  TaskList,
  TaskItem.configure({ nested: true }),
  TableKit.configure({ table: { resizable: false } }),
  // Documents written before images were files hold them as data URLs: still shown.
  ProjectImage.configure({ allowBase64: true }),
];
