import type { EditorNode } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error.js';
import { checkedContent, MAX_CONTENT_DEPTH, repairedContent, servedContent } from './content-rules.js';
import { markdownDocument } from './markdown.js';

const doc = (...content: EditorNode[]): EditorNode => ({ type: 'doc', content });
const p = (...content: EditorNode[]): EditorNode => ({ type: 'paragraph', content });
const linked = (href: unknown, extra: Record<string, unknown> = {}): EditorNode =>
  doc(p({ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href, ...extra } }] }));
const image = (attrs: Record<string, unknown>): EditorNode => doc({ type: 'image', attrs });

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};
const hrefOf = (node: EditorNode) => node.content?.[0]?.content?.[0]?.marks?.[0]?.attrs?.href;

describe('document content rules (issue 30)', () => {
  it('keeps what the editor writes, attribute for attribute', () => {
    const written = doc(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
      p(
        { type: 'text', text: 'see ' },
        {
          type: 'text',
          text: 'the site',
          // In the schema's order of marks, as the editor writes them.
          marks: [
            {
              type: 'link',
              attrs: {
                href: 'https://example.com/a?b=1',
                target: '_blank',
                rel: 'noopener noreferrer nofollow',
                class: null,
                title: null,
              },
            },
            { type: 'bold' },
          ],
        },
      ),
      { type: 'image', attrs: { src: 'teamline-file:12', alt: 'a', title: null, width: null, height: null } },
    );
    expect(checkedContent(written)).toEqual(written);
    expect(repairedContent(written)).toEqual({ content: written, changed: false });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    '/relative',
    '//evil.example/x',
    'https://',
  ])('drops a link to %j and keeps its text', (href) => {
    const clean = checkedContent(linked(href));
    expect(clean).toEqual(doc(p({ type: 'text', text: 'click' })));
    expect(repairedContent(linked(href)).changed).toBe(true);
  });

  it('keeps http, https and mailto links, with the editor’s own rel and no class', () => {
    for (const href of ['http://a.example', 'https://a.example/x', 'mailto:someone@example.com'])
      expect(hrefOf(checkedContent(linked(href)))).toBe(href);
    const forced = checkedContent(linked('https://a.example', { rel: 'opener', class: 'x', target: '_top' }));
    expect(forced.content?.[0]?.content?.[0]?.marks?.[0]?.attrs).toEqual({
      href: 'https://a.example',
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
      class: null,
      title: null,
    });
  });

  it('drops images that are not a project file, http(s) or an embedded raster image', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,x',
      null,
      7,
    ])
      expect(checkedContent(image({ src }))).toEqual(doc({ type: 'paragraph' }));
    for (const src of ['teamline-file:3', 'https://img.example/a.png', 'data:image/png;base64,iVBORw0KGgo='])
      expect(checkedContent(image({ src })).content?.[0]?.attrs?.src).toBe(src);
  });

  it('drops attributes the schema does not know (onerror) and holds known ones to their range', () => {
    const clean = checkedContent(
      doc(
        { type: 'image', attrs: { src: 'teamline-file:1', onerror: 'alert(1)', width: 'x' } },
        { type: 'heading', attrs: { level: 99, style: 'x' }, content: [{ type: 'text', text: 'H' }] },
        { type: 'codeBlock', attrs: { language: '"><script>' }, content: [{ type: 'text', text: 'x' }] },
      ),
    );
    expect(clean.content?.[0]?.attrs).toEqual({
      src: 'teamline-file:1',
      alt: null,
      title: null,
      width: null,
      height: null,
    });
    expect(clean.content?.[1]?.attrs).toEqual({ level: 1 });
    expect(clean.content?.[2]?.attrs).toEqual({ language: null });
  });

  it('refuses an unknown node or mark, a lone surrogate, a broken structure and deep nesting', () => {
    expect(codeOf(() => checkedContent(doc({ type: 'script', content: [] })))).toBe(
      'DOCUMENT_CONTENT_INVALID',
    );
    expect(
      codeOf(() => checkedContent(doc(p({ type: 'text', text: 'x', marks: [{ type: 'blink' }] })))),
    ).toBe('DOCUMENT_CONTENT_INVALID');
    expect(codeOf(() => checkedContent(doc(p({ type: 'text', text: 'a\ud800' }))))).toBe(
      'DOCUMENT_CONTENT_INVALID',
    );
    expect(codeOf(() => checkedContent(image({ src: 'teamline-file:1', alt: '\udc00' })))).toBe(
      'DOCUMENT_CONTENT_INVALID',
    );
    // Text straight in the document, a list item outside a list: the schema's structure.
    expect(codeOf(() => checkedContent(doc({ type: 'text', text: 'x' })))).toBe('DOCUMENT_CONTENT_INVALID');
    expect(codeOf(() => checkedContent(doc({ type: 'listItem', content: [p()] })))).toBe(
      'DOCUMENT_CONTENT_INVALID',
    );
    expect(codeOf(() => checkedContent({ type: 'paragraph' }))).toBe('DOCUMENT_CONTENT_INVALID');
    let deep: EditorNode = p({ type: 'text', text: 'deep' });
    for (let i = 0; i < MAX_CONTENT_DEPTH + 5; i++) deep = { type: 'blockquote', content: [deep] };
    expect(codeOf(() => checkedContent(doc(deep)))).toBe('DOCUMENT_CONTENT_INVALID');
    // A well-formed surrogate pair (an emoji) is text like any other.
    expect(codeOf(() => checkedContent(doc(p({ type: 'text', text: 'ok 😀' }))))).toBeNull();
  });

  it('repairs what a live session sent instead of refusing it', () => {
    const repaired = repairedContent(
      doc(
        { type: 'script', content: [p({ type: 'text', text: 'kept text' })] },
        p({ type: 'text', text: 'a\ud800', marks: [{ type: 'blink' }] }),
      ),
    );
    expect(repaired).toEqual({
      content: doc(p({ type: 'text', text: 'kept text' }), p({ type: 'text', text: 'a\ufffd' })),
      changed: true,
    });
    // A structure the schema refuses even after that becomes its text.
    expect(repairedContent(doc({ type: 'listItem', content: [p({ type: 'text', text: 'item' })] }))).toEqual({
      content: doc(p({ type: 'text', text: 'item' })),
      changed: true,
    });
    expect(repairedContent('nonsense').changed).toBe(true);
    // The text of an unknown element straight in the document becomes a paragraph of its own.
    expect(
      repairedContent(
        doc(p({ type: 'text', text: 'a', marks: [{ type: 'bold' }] }), {
          type: 'script',
          content: [{ type: 'text', text: 'evil' }],
        }),
      ),
    ).toEqual({
      content: doc(
        p({ type: 'text', text: 'a', marks: [{ type: 'bold' }] }),
        p({ type: 'text', text: 'evil' }),
      ),
      changed: true,
    });
  });
});

describe('reads hand out clean content', () => {
  it('returns stored clean content as it is, and repairs a row written around the rules', () => {
    const clean = checkedContent(linked('https://a.example'));
    expect(servedContent(clean)).toBe(clean);
    for (const dirty of [
      linked('javascript:alert(1)'),
      image({ src: 'teamline-file:1', onerror: 'alert(1)' }),
      doc({ type: 'script', content: [p({ type: 'text', text: 'x' })] }),
      doc(
        p({
          type: 'text',
          text: 'x',
          marks: [{ type: 'link', attrs: { href: 'https://a.example', class: 'evil' } }],
        }),
      ),
    ])
      expect(JSON.stringify(servedContent(dirty))).not.toMatch(/javascript|onerror|script|evil/);
  });
});

describe('Markdown export escapes what members wrote (issue 30)', () => {
  it('escapes the title and text, and writes no unsafe address', () => {
    const md = markdownDocument(
      '<script>alert(1)</script> & [x](javascript:y)',
      doc(
        p({ type: 'text', text: '<img src=x onerror=alert(1)>' }),
        p({ type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }),
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } },
        p({ type: 'text', text: 'ok', marks: [{ type: 'link', attrs: { href: 'https://a.example/(x)' } }] }),
      ),
    );
    // Every `<` is escaped (no tag), and no link or image points at javascript:.
    expect(md).not.toMatch(/(^|[^\\])<|\]\(\s*javascript/);
    expect(md.split('\n')[0]).toBe('# \\<script\\>alert\\(1\\)\\</script\\> \\& \\[x\\]\\(javascript:y\\)');
    expect(md).toContain('[ok](https://a.example/%28x%29)');
    expect(md).toContain('\nbad\n');
  });

  it('keeps code inside fences it cannot close', () => {
    const md = markdownDocument(
      't',
      doc(
        { type: 'codeBlock', content: [{ type: 'text', text: '```\n<script>alert(1)</script>' }] },
        p({ type: 'text', text: 'a`b', marks: [{ type: 'code' }] }),
      ),
    );
    expect(md).toContain('````\n```\n<script>alert(1)</script>\n````');
    expect(md).toContain('``a`b``');
  });
});
