import { cut, fit, type ChatMessage } from './message.js';

/** Slack's documented limits for incoming webhooks and Block Kit. */
export const SLACK_LIMITS = {
  text: 40_000,
  blocks: 50,
  sectionText: 3_000,
  sectionFields: 10,
  fieldText: 2_000,
  buttonText: 75,
  buttonUrl: 3_000,
  contextText: 3_000,
} as const;

/** Slack mrkdwn: `&`, `<` and `>` are control characters and must be escaped. */
export const slackEscape = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A link `<url|label>`; the label may not contain `|` or `>` (escaped above, `|` replaced). */
const link = (url: string, label: string) => `<${url}|${label.replaceAll('|', '¦')}>`;

/**
 * A Slack incoming-webhook message: `text` (the notification and fallback) and `blocks`: the
 * heading with the linked title, the facts as section fields, the description, a button back into
 * the app and the project as context. Every text is cut to its limit, never refused.
 */
export function slackMessage(m: ChatMessage) {
  const title = fit(m.title, 1_500, slackEscape);
  const blocks: object[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: cut(`*${fit(m.heading, 200, slackEscape)}*\n*${link(m.url, title)}*`, SLACK_LIMITS.sectionText),
      },
    },
  ];
  const fields = m.fields.slice(0, SLACK_LIMITS.sectionFields).map((f) => ({
    type: 'mrkdwn',
    text: fit(`${f.label}\n${f.value}`, SLACK_LIMITS.fieldText, (t) => {
      const [label = '', ...rest] = t.split('\n');
      return `*${slackEscape(label)}*\n${slackEscape(rest.join('\n'))}`;
    }),
  }));
  if (fields.length > 0) blocks.push({ type: 'section', fields });
  if (m.description)
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: fit(m.description, SLACK_LIMITS.sectionText, slackEscape) },
    });
  if (m.url.length <= SLACK_LIMITS.buttonUrl)
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: cut(m.linkLabel, SLACK_LIMITS.buttonText) },
          url: m.url,
        },
      ],
    });
  blocks.push({
    type: 'context',
    elements: [
      { type: 'mrkdwn', text: fit(`${m.botName} · ${m.context}`, SLACK_LIMITS.contextText, slackEscape) },
    ],
  });
  const text = fit(`${m.summary} (${m.context})\n${m.url}`, SLACK_LIMITS.text, slackEscape);
  return { text, blocks: blocks.slice(0, SLACK_LIMITS.blocks) };
}
