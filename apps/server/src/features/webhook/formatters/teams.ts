import { cut, jsonBytes, type ChatMessage } from './message.js';

/** A Teams message through a Workflows webhook must stay under 28 KB; some room is kept. */
export const TEAMS_MAX_BYTES = 28 * 1024;
const TARGET_BYTES = TEAMS_MAX_BYTES - 1_024;

const accent: Record<string, string> = { new: 'Good', edit: 'Accent', delete: 'Attention', test: 'Accent' };

/**
 * Text the members wrote (titles, project names, facts, descriptions) goes in TextRuns of a
 * RichTextBlock: Adaptive Cards read Markdown in TextBlock and FactSet (`[text](url)` becomes a
 * link, `**x**` bold) but never in a TextRun, so a story titled `[Reset your password](https://…)`
 * is shown as those characters, not as a link. Only the app's own heading stays a TextBlock.
 */
const run = (text: string, style: Record<string, unknown> = {}) => ({ type: 'TextRun', text, ...style });
const plain = (inlines: object[], block: Record<string, unknown> = {}) => ({
  type: 'RichTextBlock',
  inlines,
  ...block,
});

function card(m: ChatMessage, description: string | null) {
  const body: object[] = [
    {
      type: 'TextBlock',
      text: cut(m.heading, 200),
      weight: 'Bolder',
      color: accent[m.event] ?? 'Default',
      wrap: true,
    },
    plain([run(cut(m.title, 1_000), { size: 'Large', weight: 'Bolder' })], { spacing: 'Small' }),
    plain([run(cut(m.context, 300), { isSubtle: true })], { spacing: 'None' }),
  ];
  for (const f of m.fields.slice(0, 20))
    body.push(
      plain([run(`${cut(f.label, 100)}: `, { weight: 'Bolder' }), run(cut(f.value, 1_000) || '-')], {
        spacing: 'Small',
      }),
    );
  if (description) body.push(plain([run(description)]));
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: cut(m.linkLabel, 100), url: m.url }],
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}

/**
 * A Teams message for a Workflows "When a Teams webhook request is received" flow: one Adaptive
 * Card 1.4 with the heading, the title, the project, the facts, the description and a button back
 * into the app. The description is shortened until the whole message is under 28 KB.
 */
export function teamsMessage(m: ChatMessage) {
  let description = m.description ? cut(m.description, 20_000) : null;
  let message = card(m, description);
  while (description && jsonBytes(message) > TARGET_BYTES) {
    const over = jsonBytes(message) - TARGET_BYTES;
    // Bytes per character are 1 to 4 (escapes up to 6): cut at least what is over.
    description = cut(description, Math.max(0, description.length - Math.max(16, over)));
    message = card(m, description || null);
  }
  return message;
}
