import { EDITOR_MAX_DEPTH, isSafeImageSrc, isSafeUrl, type EditorNode } from '@teamline/contract';
import { Fragment, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { AppError } from '../../shared/app-error.js';
import { editorSchema } from './editor-schema.js';
import { documentOfText, plainTextOf } from './editor-text.js';

/**
 * What a stored document may hold (issue 30 "Trust"): only the nodes, marks and attributes of the
 * editor's schema (editor-schema.ts, the web editor's own extension list), and only addresses that
 * cannot run script (rules/safe-url.ts). Every way content is saved passes through here: REST
 * create and update (`checkedContent`: an unknown node or mark, broken text or structure is 400
 * DOCUMENT_CONTENT_INVALID), AI documents (the same), live co-editing and documents stored before
 * (`repairedContent`: never refused, cleaned).
 *
 * An unsafe address is removed rather than refused, on every path alike (docs/decisions.md
 * "Document content and addresses"): a link mark with a `javascript:` href is dropped and its text
 * kept, an image whose `src` is not a project file, http(s) or an embedded raster image is dropped.
 * A live session cannot be refused an update anyway, and a paste into the editor should not fail a
 * save. Unknown attributes are dropped and the known ones held to their type and range.
 */

/** Deeper than any document the editor makes (48 list levels); bounds the walk's recursion. */
export const MAX_CONTENT_DEPTH = EDITOR_MAX_DEPTH;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

type Attrs = Record<string, unknown>;
type Mode = 'strict' | 'repair';

class Invalid extends Error {}

interface Walk {
  mode: Mode;
  schema: Schema;
  /** Something unsafe or unknown was taken out (not merely a default attribute filled in). */
  changed: boolean;
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const stringOrNull = (v: unknown) => v === null || typeof v === 'string';

/** Known attributes that hold a value outside their type or range fall back to their default. */
const attributeRules: Record<string, Record<string, (v: unknown) => boolean>> = {
  heading: { level: (v) => isInt(v, 1, 6) },
  orderedList: {
    start: (v) => isInt(v, 0, 1_000_000),
    type: (v) => v === null || (typeof v === 'string' && /^[1aAiI]$/.test(v)),
  },
  taskItem: { checked: (v) => typeof v === 'boolean' },
  codeBlock: { language: (v) => v === null || (typeof v === 'string' && /^[\w#+.-]{1,40}$/.test(v)) },
  image: {
    src: isSafeImageSrc,
    alt: stringOrNull,
    title: stringOrNull,
    width: (v) => v === null || isInt(v, 1, 100_000),
    height: (v) => v === null || isInt(v, 1, 100_000),
  },
  tableCell: cellRules(),
  tableHeader: cellRules(),
  link: {
    href: isSafeUrl,
    target: (v) => v === null || v === '_blank',
    // Always the editor's own: the schema's default (`noopener noreferrer nofollow`).
    rel: () => false,
    class: (v) => v === null,
    title: stringOrNull,
  },
};
function cellRules(): Record<string, (v: unknown) => boolean> {
  return {
    colspan: (v) => isInt(v, 1, 1_000),
    rowspan: (v) => isInt(v, 1, 1_000),
    colwidth: (v) =>
      v === null || (Array.isArray(v) && v.length <= 1_000 && v.every((w) => isInt(w, 0, 100_000))),
    align: (v) => v === null || v === 'left' || v === 'center' || v === 'right',
  };
}
/** Without a safe value of these the node or mark goes (an image without its picture, a link without its address). */
const required: Record<string, string> = { image: 'src', link: 'href' };

function text(value: string, walk: Walk): string {
  if (!LONE_SURROGATE.test(value)) return value;
  if (walk.mode === 'strict') throw new Invalid('lone surrogate');
  walk.changed = true;
  return value.replace(LONE_SURROGATES, '\uFFFD');
}

/** The known attributes, each safe or its default; null when the node or mark must go. */
function cleanAttrs(
  type: string,
  spec: Record<string, { default?: unknown }>,
  given: unknown,
  walk: Walk,
): Attrs | null {
  const input = (typeof given === 'object' && given !== null && !Array.isArray(given) ? given : {}) as Attrs;
  if (given !== undefined && given !== null && input !== given) walk.changed = true;
  const rules = attributeRules[type] ?? {};
  const out: Attrs = {};
  for (const name of Object.keys(input))
    if (!(name in spec) && input[name] !== null && input[name] !== undefined) walk.changed = true;
  for (const [name, attr] of Object.entries(spec)) {
    let value = input[name];
    if (typeof value === 'string') value = text(value, walk);
    if (value === undefined) {
      if (required[type] === name) return null;
      continue;
    }
    const rule = rules[name];
    const ok = rule ? rule(value) : value === null || ['string', 'number', 'boolean'].includes(typeof value);
    if (ok) out[name] = value;
    else {
      if (!(name === 'rel' && value === attr.default)) walk.changed = true;
      if (required[type] === name) return null;
      if (attr.default !== undefined) out[name] = attr.default;
    }
  }
  return out;
}

function cleanMarks(marks: unknown, walk: Walk): EditorNode['marks'] {
  if (marks === undefined) return undefined;
  if (!Array.isArray(marks)) {
    if (walk.mode === 'strict') throw new Invalid('marks');
    walk.changed = true;
    return undefined;
  }
  const out: NonNullable<EditorNode['marks']> = [];
  for (const mark of marks as unknown[]) {
    const type = (mark as { type?: unknown } | null)?.type;
    const markType = typeof type === 'string' ? walk.schema.marks[type] : undefined;
    if (!markType || typeof type !== 'string') {
      if (walk.mode === 'strict') throw new Invalid(`unknown mark ${String(type)}`);
      walk.changed = true;
      continue;
    }
    const attrs = cleanAttrs(type, markType.spec.attrs ?? {}, (mark as { attrs?: unknown }).attrs, walk);
    if (attrs === null) {
      walk.changed = true;
      continue;
    }
    out.push(Object.keys(attrs).length ? { type, attrs } : { type });
  }
  return out;
}

/** One node as zero or more clean nodes: a node the schema does not know is unwrapped when repairing. */
function cleanNode(input: unknown, depth: number, walk: Walk): EditorNode[] {
  const node = input as Partial<EditorNode> | null;
  if (typeof node !== 'object' || node === null || Array.isArray(node) || typeof node.type !== 'string') {
    if (walk.mode === 'strict') throw new Invalid('not a node');
    walk.changed = true;
    return [];
  }
  if (depth > MAX_CONTENT_DEPTH) {
    if (walk.mode === 'strict') throw new Invalid('too deep');
    walk.changed = true;
    return [];
  }
  if (node.type === 'text') {
    // Empty text is no text (the editor never writes it); anything but a string is not text.
    if (typeof node.text !== 'string' || node.text === '') {
      if (typeof node.text !== 'string') walk.changed = true;
      if (typeof node.text !== 'string' && walk.mode === 'strict') throw new Invalid('text');
      return [];
    }
    const marks = cleanMarks(node.marks, walk);
    return [{ type: 'text', text: text(node.text, walk), ...(marks?.length ? { marks } : {}) }];
  }
  const content = node.content;
  let children =
    content === undefined
      ? undefined
      : Array.isArray(content)
        ? content.flatMap((child) => cleanNode(child, depth + 1, walk))
        : (() => {
            if (walk.mode === 'strict') throw new Invalid('content');
            walk.changed = true;
            return [];
          })();
  const nodeType = walk.schema.nodes[node.type];
  if (!nodeType) {
    if (walk.mode === 'strict') throw new Invalid(`unknown node ${node.type}`);
    walk.changed = true;
    return children ?? [];
  }
  if (walk.mode === 'repair' && children && !nodeType.inlineContent) children = inParagraphs(children, walk);
  const attrs = cleanAttrs(node.type, nodeType.spec.attrs ?? {}, node.attrs, walk);
  if (attrs === null) {
    walk.changed = true;
    return [];
  }
  const marks = cleanMarks(node.marks, walk);
  return [
    {
      type: node.type,
      ...(Object.keys(attrs).length ? { attrs } : {}),
      ...(children?.length ? { content: children } : {}),
      ...(marks?.length ? { marks } : {}),
    },
  ];
}

/**
 * Repairing: text (and other inline nodes) where blocks belong, e.g. the text of an unknown element
 * that was unwrapped, goes into a paragraph of its own instead of breaking the whole document.
 */
function inParagraphs(children: EditorNode[], walk: Walk): EditorNode[] {
  const isInline = (n: EditorNode) => n.type === 'text' || !!walk.schema.nodes[n.type]?.isInline;
  if (!children.some(isInline)) return children;
  walk.changed = true;
  const out: EditorNode[] = [];
  let run: EditorNode[] = [];
  const flush = () => {
    if (run.length) out.push({ type: 'paragraph', content: run });
    run = [];
  };
  for (const child of children) {
    if (isInline(child)) run.push(child);
    else {
      flush();
      out.push(child);
    }
  }
  flush();
  return out;
}

/**
 * The clean JSON as the schema's document, built from the leaves up; a node whose content became
 * incomplete (a table cell whose only image went, an empty document) gets what its type requires
 * filled in (`createAndFill`: an empty paragraph). Invalid (or a RangeError) when the structure
 * breaks the schema: text straight in the document, a list item outside a list.
 */
function built(schema: Schema, json: EditorNode): ProseMirrorNode {
  const marks = json.marks?.map((m) => schema.mark(m.type, m.attrs));
  if (json.type === 'text') return schema.text(json.text ?? '', marks);
  const content = Fragment.fromArray((json.content ?? []).map((child) => built(schema, child)));
  const node = schema.nodes[json.type]!.createAndFill(json.attrs ?? null, content, marks);
  if (!node) throw new Invalid(`content of ${json.type}`);
  return node;
}

function checked(schema: Schema, json: EditorNode): EditorNode {
  const node = built(schema, json);
  node.check();
  return node.toJSON() as EditorNode;
}

/**
 * REST saves and AI documents: the content as the editor's schema reads it, with unsafe addresses
 * and unknown attributes taken out. An unknown node or mark, text with a lone surrogate, a node the
 * schema does not allow where it is, or nesting past MAX_CONTENT_DEPTH is DOCUMENT_CONTENT_INVALID.
 */
export function checkedContent(input: EditorNode): EditorNode {
  const walk: Walk = { mode: 'strict', schema: editorSchema(), changed: false };
  try {
    const [root] = cleanNode(input, 0, walk);
    if (!root || root.type !== 'doc') throw new Invalid('not a doc');
    return checked(walk.schema, root);
  } catch (error) {
    if (error instanceof Invalid || error instanceof RangeError)
      throw new AppError('DOCUMENT_CONTENT_INVALID', { reason: error.message.slice(0, 200) });
    throw error;
  }
}

/**
 * What a live session typed, or a document stored before these rules: never refused. Unknown nodes
 * are unwrapped (their text stays), unknown marks and unsafe addresses dropped, lone surrogates
 * replaced; a structure the schema still refuses becomes its text, one paragraph a line. `changed`
 * says whether anything unsafe or unknown was taken out (a default attribute filled in is not).
 */
export function repairedContent(input: unknown): { content: EditorNode; changed: boolean } {
  const walk: Walk = { mode: 'repair', schema: editorSchema(), changed: false };
  const nodes = cleanNode(input, 0, walk);
  const root: EditorNode =
    nodes.length === 1 && nodes[0]!.type === 'doc'
      ? nodes[0]!
      : { type: 'doc', content: inParagraphs(nodes, walk) };
  if (root !== nodes[0]) walk.changed = true;
  try {
    return { content: checked(walk.schema, root), changed: walk.changed };
  } catch {
    return { content: documentOfText(plainTextOf(root)), changed: true };
  }
}

/** Whether a known attribute set holds only known, valid values (no allocation: the read path). */
function cleanAttrsAlready(type: string, spec: Record<string, unknown>, given: unknown): boolean {
  if (given === undefined || given === null) return required[type] === undefined;
  if (typeof given !== 'object' || Array.isArray(given)) return false;
  const rules = attributeRules[type] ?? {};
  const attrs = given as Attrs;
  for (const name in attrs) {
    const value = attrs[name];
    if (!(name in spec)) {
      if (value !== null && value !== undefined) return false;
      continue;
    }
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) return false;
    const rule = rules[name];
    if (name === 'rel' && type === 'link') continue;
    if (rule ? !rule(value) : !(value === null || ['string', 'number', 'boolean'].includes(typeof value)))
      return false;
  }
  const needed = required[type];
  return needed === undefined || attrs[needed] !== undefined;
}

function alreadyClean(input: unknown, depth: number, schema: Schema): boolean {
  const node = input as Partial<EditorNode> | null;
  if (typeof node !== 'object' || node === null || typeof node.type !== 'string') return false;
  if (depth > MAX_CONTENT_DEPTH) return false;
  if (node.marks !== undefined) {
    if (!Array.isArray(node.marks)) return false;
    for (const mark of node.marks) {
      const markType = typeof mark?.type === 'string' ? schema.marks[mark.type] : undefined;
      if (!markType || !cleanAttrsAlready(mark.type, markType.spec.attrs ?? {}, mark.attrs)) return false;
    }
  }
  if (node.type === 'text')
    return typeof node.text === 'string' && node.text !== '' && !LONE_SURROGATE.test(node.text);
  const nodeType = schema.nodes[node.type];
  if (!nodeType || !cleanAttrsAlready(node.type, nodeType.spec.attrs ?? {}, node.attrs)) return false;
  if (node.content === undefined) return true;
  if (!Array.isArray(node.content)) return false;
  for (const child of node.content) if (!alreadyClean(child, depth + 1, schema)) return false;
  return true;
}

/**
 * The content as a read hands it out: what is stored is clean (every save goes through these rules
 * and the clean-up job went through what was stored before), but a row written around the rules (by
 * hand, or read before the job reached it) is repaired on the way out. The check walks the JSON
 * once without building or copying anything; only a row that needs it is repaired.
 */
export function servedContent(content: EditorNode): EditorNode {
  if (content?.type === 'doc' && alreadyClean(content, 0, editorSchema())) return content;
  return repairedContent(content).content;
}
