import { fileIdxOfImageSrc, type EditorNode } from '@teamline/contract';

/** The project files a document shows as images (`teamline-file:{fileIdx}` sources). */
export function imageFilesOf(node: EditorNode, into = new Set<number>()): Set<number> {
  if (node.type === 'image') {
    const fileIdx = fileIdxOfImageSrc(node.attrs?.src);
    if (fileIdx !== null) into.add(fileIdx);
  }
  for (const child of node.content ?? []) imageFilesOf(child, into);
  return into;
}

/**
 * The document with its project-file images pointing at `urls` (short-lived signed addresses), for
 * those who read it without the app: a public link, an export. An image without an address (a file
 * of another project, or gone) keeps its text only.
 */
export function withImageUrls(node: EditorNode, urls: Map<number, string>): EditorNode {
  if (node.type === 'image') {
    const fileIdx = fileIdxOfImageSrc(node.attrs?.src);
    if (fileIdx !== null) return { ...node, attrs: { ...node.attrs, src: urls.get(fileIdx) ?? '' } };
  }
  return node.content ? { ...node, content: node.content.map((c) => withImageUrls(c, urls)) } : node;
}
