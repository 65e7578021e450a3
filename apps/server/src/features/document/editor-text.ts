import type { EditorNode } from '@teamline/contract';

/** Nodes whose text ends a line in the plain text (paragraphs, headings, list items, cells, …). */
const blockTypes = new Set([
  'paragraph',
  'heading',
  'listItem',
  'taskItem',
  'codeBlock',
  'blockquote',
  'tableRow',
  'horizontalRule',
]);

/** The plain text of an editor document, one block a line: what search reads and snippets show. */
export function plainTextOf(node: EditorNode): string {
  const lines: string[] = [];
  let line = '';
  const walk = (n: EditorNode) => {
    if (n.type === 'text') line += n.text ?? '';
    else if (n.type === 'hardBreak') line += '\n';
    else if (n.type === 'tableCell' || n.type === 'tableHeader') {
      if (line) line += ' | ';
    }
    for (const child of n.content ?? []) walk(child);
    if (blockTypes.has(n.type) && line.trim()) {
      lines.push(line.trim());
      line = '';
    }
  };
  walk(node);
  if (line.trim()) lines.push(line.trim());
  return lines.join('\n');
}

const SNIPPET = 160;

/** The start of the text, or the passage around the first match of `q` (case-insensitive). */
export function snippetOf(text: string, q?: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = q ? flat.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (at <= 0) return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET)}…` : flat;
  const start = Math.max(0, at - 40);
  const piece = flat.slice(start, start + SNIPPET);
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET < flat.length ? '…' : ''}`;
}

/** An editor document made of plain paragraphs (headings for lines starting with `#`). */
export function documentOfText(text: string): EditorNode {
  const content: EditorNode[] = text.split('\n').map((raw) => {
    const heading = /^(#{1,3})\s+(.*)$/.exec(raw);
    if (heading)
      return {
        type: 'heading',
        attrs: { level: heading[1]!.length },
        content: heading[2] ? [{ type: 'text', text: heading[2] }] : [],
      };
    return raw ? { type: 'paragraph', content: [{ type: 'text', text: raw }] } : { type: 'paragraph' };
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}
