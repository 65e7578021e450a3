import { cut, jsonBytes, type ChatMessage } from './message.js';

/** A Teams message through a Workflows webhook must stay under 28 KB; some room is kept. */
export const TEAMS_MAX_BYTES = 28 * 1024;
const TARGET_BYTES = TEAMS_MAX_BYTES - 1_024;

const accent: Record<string, string> = { new: 'Good', edit: 'Accent', delete: 'Attention', test: 'Accent' };

function card(m: ChatMessage, description: string | null) {
  const body: object[] = [
    {
      type: 'TextBlock',
      text: cut(m.heading, 200),
      weight: 'Bolder',
      color: accent[m.event] ?? 'Default',
      wrap: true,
    },
    {
      type: 'TextBlock',
      text: cut(m.title, 1_000),
      size: 'Large',
      weight: 'Bolder',
      wrap: true,
      spacing: 'Small',
    },
    { type: 'TextBlock', text: cut(m.context, 300), isSubtle: true, wrap: true, spacing: 'None' },
  ];
  if (m.fields.length > 0)
    body.push({
      type: 'FactSet',
      facts: m.fields.slice(0, 20).map((f) => ({ title: cut(f.label, 100), value: cut(f.value, 1_000) })),
    });
  if (description) body.push({ type: 'TextBlock', text: description, wrap: true });
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
