import { documentEditorExtensions } from '@teamline/contract/editor';
import { Editor, getSchema } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './components/editor-extensions';

/** Node and mark names with their attributes: what the server checks saved documents against. */
function shapeOf(schema: ReturnType<typeof getSchema>) {
  const attrs = (spec: { attrs?: Record<string, unknown> }) => Object.keys(spec.attrs ?? {}).sort();
  return {
    nodes: Object.fromEntries(Object.entries(schema.nodes).map(([name, type]) => [name, attrs(type.spec)])),
    marks: Object.fromEntries(Object.entries(schema.marks).map(([name, type]) => [name, attrs(type.spec)])),
  };
}

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('the document editor (issue 30)', () => {
  it('knows exactly the nodes, marks and attributes the server keeps (one list, @teamline/contract/editor)', () => {
    expect(shapeOf(getSchema(editorExtensions()))).toEqual(shapeOf(getSchema(documentEditorExtensions())));
    expect(shapeOf(getSchema(editorExtensions({ history: false })))).toEqual(
      shapeOf(getSchema(documentEditorExtensions())),
    );
  });

  it('drops a pasted javascript: or relative link and keeps http, https and mailto', () => {
    editor = new Editor({
      extensions: editorExtensions(),
      content:
        '<p><a href="javascript:alert(1)">a</a> <a href="/relative">b</a> <a href="https://x.example">c</a> <a href="mailto:pm@x.example">d</a></p>',
    });
    const hrefs = JSON.stringify(editor.getJSON()).match(/"href":"[^"]*"/g);
    expect(hrefs).toEqual(['"href":"https://x.example"', '"href":"mailto:pm@x.example"']);
  });
});
