import { colorInt, cut, fit, type ChatMessage } from './message.js';

/** Discord's documented limits for execute-webhook messages and embeds. */
export const DISCORD_LIMITS = {
  content: 2_000,
  username: 80,
  embeds: 10,
  title: 256,
  description: 4_096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1_024,
  footer: 2_048,
  /** All texts of all embeds of one message together. */
  embedTotal: 6_000,
} as const;

/**
 * Discord markdown: a backslash keeps `*`, `_`, `~`, `` ` ``, `|`, `>`, `#`, `-` and the brackets of
 * a masked link (`[text](url)`) literal, and `<` and `@` so `<@id>`, `<#channel>` and `@everyone`
 * are shown as typed rather than drawn as mentions (pinging is off anyway: `allowed_mentions`).
 */
export const discordEscape = (text: string): string => text.replace(/([\\*_~`|>#[\]()<@-])/g, '\\$1');

/**
 * A Discord execute-webhook message: the heading as `content`, one embed with the linked title,
 * description, facts as inline fields and the project as footer. Mentions are never parsed
 * (`allowed_mentions`), so a title with @everyone pings nobody. Texts are cut to Discord's limits,
 * the description shortened further when the embed's total would pass 6,000.
 */
export function discordMessage(m: ChatMessage) {
  // Embed titles read Markdown too: escaped like every text a member wrote.
  const title = fit(m.title, DISCORD_LIMITS.title, discordEscape);
  const fields = m.fields.slice(0, DISCORD_LIMITS.fields).map((f) => ({
    name: fit(f.label, DISCORD_LIMITS.fieldName, discordEscape),
    value: fit(f.value || '-', DISCORD_LIMITS.fieldValue, discordEscape) || '-',
    inline: true,
  }));
  const footer = { text: cut(`${m.botName} · ${m.context}`, DISCORD_LIMITS.footer) };
  const used =
    title.length + footer.text.length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  const room = Math.min(DISCORD_LIMITS.description, DISCORD_LIMITS.embedTotal - used);
  const description = m.description ? fit(m.description, Math.max(0, room), discordEscape) : '';
  return {
    content: fit(`${m.heading} · ${m.context}`, DISCORD_LIMITS.content, (t) => `**${discordEscape(t)}**`),
    username: cut(m.botName, DISCORD_LIMITS.username),
    avatar_url: m.iconUrl,
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title,
        ...(description ? { description } : {}),
        url: m.url,
        color: colorInt(m.color),
        fields,
        footer,
        timestamp: m.occurredAt,
      },
    ],
  };
}
