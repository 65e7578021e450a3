import type { EditorNode } from '@teamline/contract';

/**
 * Markdown of an editor document (export): headings, paragraphs with bold/italic/strike/code/link
 * marks, bullet, ordered and task lists (nested), blockquotes, code blocks, tables (first row as the
 * header), images and rules. Text is escaped where Markdown would read it as syntax.
 */
export function toMarkdown(doc: EditorNode): string {
  return blocks(doc.content ?? [])
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

const escapeText = (text: string) => text.replace(/([\\`*_[\]<>|])/g, '\\$1');

function inline(nodes: EditorNode[] = []): string {
  return nodes
    .map((n) => {
      if (n.type === 'hardBreak') return '  \n';
      if (n.type === 'image') return image(n);
      if (n.type !== 'text') return inline(n.content);
      let text = n.text ?? '';
      const marks = n.marks ?? [];
      if (marks.some((m) => m.type === 'code')) return '`' + text.replace(/`/g, '\\`') + '`';
      text = escapeText(text);
      for (const mark of marks) {
        if (mark.type === 'bold') text = `**${text}**`;
        else if (mark.type === 'italic') text = `*${text}*`;
        else if (mark.type === 'strike') text = `~~${text}~~`;
      }
      const link = marks.find((m) => m.type === 'link');
      const href = typeof link?.attrs?.href === 'string' ? link.attrs.href : null;
      return href ? `[${text}](${href.replace(/\)/g, '%29')})` : text;
    })
    .join('');
}

function image(n: EditorNode): string {
  const src = typeof n.attrs?.src === 'string' ? n.attrs.src : '';
  const alt = typeof n.attrs?.alt === 'string' ? n.attrs.alt : '';
  return `![${escapeText(alt)}](${src})`;
}

function list(n: EditorNode): string {
  let number = typeof n.attrs?.start === 'number' ? n.attrs.start : 1;
  return (n.content ?? [])
    .map((item) => {
      let bullet = '- ';
      if (n.type === 'orderedList') bullet = `${number++}. `;
      if (item.type === 'taskItem') bullet = item.attrs?.checked === true ? '- [x] ' : '- [ ] ';
      const pad = ' '.repeat(bullet.length);
      const lines = blocks(item.content ?? []).split('\n');
      return lines.map((l, i) => (i === 0 ? bullet + l : l ? pad + l : l)).join('\n');
    })
    .join('\n');
}

function table(n: EditorNode): string {
  const rows = (n.content ?? []).map((row) =>
    (row.content ?? []).map((cell) =>
      (cell.content ?? [])
        .map((p) => inline(p.content))
        .join(' ')
        .replace(/\n/g, ' '),
    ),
  );
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(rows[0]!), line(Array<string>(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

function blocks(nodes: EditorNode[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'heading': {
          const level = typeof n.attrs?.level === 'number' ? Math.min(Math.max(n.attrs.level, 1), 6) : 1;
          return `${'#'.repeat(level)} ${inline(n.content)}`;
        }
        case 'paragraph':
          return inline(n.content);
        case 'bulletList':
        case 'orderedList':
        case 'taskList':
          return list(n);
        case 'blockquote':
          return blocks(n.content ?? [])
            .split('\n')
            .map((l) => `> ${l}`.trimEnd())
            .join('\n');
        case 'codeBlock': {
          const language = typeof n.attrs?.language === 'string' ? n.attrs.language : '';
          const code = (n.content ?? []).map((c) => c.text ?? '').join('');
          return '```' + language + '\n' + code + '\n```';
        }
        case 'horizontalRule':
          return '---';
        case 'image':
          return image(n);
        case 'table':
          return table(n);
        default:
          return n.content ? blocks(n.content) : '';
      }
    })
    .filter((b) => b !== '')
    .join('\n\n')
    .replace(/\n\n(?=\s*(?:- |\d+\. ))/g, '\n');
}
