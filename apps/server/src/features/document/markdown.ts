import { isSafeImageSrc, isSafeUrl, type EditorNode } from '@teamline/contract';

/**
 * The exported file: the title as its first heading, then the document. Every text the file holds
 * (the title too) is escaped, so nothing a member typed becomes markup, HTML or a link there.
 */
export function markdownDocument(title: string, doc: EditorNode): string {
  return `# ${escapeText(title)}\n\n${toMarkdown(doc)}`;
}

/**
 * Markdown of an editor document (export): headings, paragraphs with bold/italic/strike/code/link
 * marks, bullet, ordered and task lists (nested), blockquotes, code blocks, tables (first row as the
 * header), images and rules. Text is escaped wherever Markdown (and the HTML a Markdown reader lets
 * through) would read it as syntax; code keeps its text inside fences longer than any it holds; a
 * link or image whose address could run script (a document stored before the content rules) keeps
 * its text only.
 */
export function toMarkdown(doc: EditorNode): string {
  return blocks(doc.content ?? [])
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

/**
 * Backslash before every character CommonMark or GFM reads as inline syntax or HTML (`<`, `&`), and
 * before what would start a block at the beginning of a line (`#`, `-`, `+`, `=`, `1.`).
 */
export const escapeText = (text: string) =>
  text
    .replace(/([\\`*_[\]<>|~!()#&{}])/g, '\\$1')
    .replace(/(^|\n)([ \t]*)([-+=])/g, '$1$2\\$3')
    .replace(/(^|\n)([ \t]*\d+)\./g, '$1$2\\.');

/** Characters that would end or break a link destination, percent-encoded. */
const destination = (url: string) =>
  url.replace(/[\s()<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** A run of backticks longer than any in `text`: a code span or fence it cannot close early. */
function fenceFor(text: string, least: number): string {
  const longest = (text.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  return '`'.repeat(Math.max(least, longest + 1));
}

function inline(nodes: EditorNode[] = []): string {
  return nodes
    .map((n) => {
      if (n.type === 'hardBreak') return '  \n';
      if (n.type === 'image') return image(n);
      if (n.type !== 'text') return inline(n.content);
      let text = n.text ?? '';
      const marks = n.marks ?? [];
      if (marks.some((m) => m.type === 'code')) {
        const fence = fenceFor(text, 1);
        const pad = /^`|`$/.test(text) ? ' ' : '';
        return `${fence}${pad}${text.replace(/\n/g, ' ')}${pad}${fence}`;
      }
      text = escapeText(text);
      for (const mark of marks) {
        if (mark.type === 'bold') text = `**${text}**`;
        else if (mark.type === 'italic') text = `*${text}*`;
        else if (mark.type === 'strike') text = `~~${text}~~`;
      }
      const link = marks.find((m) => m.type === 'link');
      const href = link?.attrs?.href;
      return isSafeUrl(href) ? `[${text}](${destination(href)})` : text;
    })
    .join('');
}

function image(n: EditorNode): string {
  const src = n.attrs?.src;
  const alt = typeof n.attrs?.alt === 'string' ? n.attrs.alt : '';
  // A project file of another project (or gone) has no address here: its text only.
  return isSafeImageSrc(src) ? `![${escapeText(alt)}](${destination(src)})` : escapeText(alt);
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
          const language =
            typeof n.attrs?.language === 'string' && /^[\w#+.-]{1,40}$/.test(n.attrs.language)
              ? n.attrs.language
              : '';
          const code = (n.content ?? []).map((c) => c.text ?? '').join('');
          const fence = fenceFor(code, 3);
          return `${fence}${language}\n${code}\n${fence}`;
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
