import type { ChatWebhookType } from '@teamline/contract';
import { discordMessage } from './discord.js';
import { doorayMessage } from './dooray.js';
import type { ChatMessage } from './message.js';
import { slackMessage } from './slack.js';
import { teamsMessage } from './teams.js';

export type { ChatMessage } from './message.js';
export { standardMessage, standardTestMessage } from './standard.js';

/**
 * The tool's own JSON for a message: pure, so every event × tool is tested without a network.
 * Standard hooks send the event itself (`standardMessage`), not a chat message.
 */
export function formatFor(type: ChatWebhookType, message: ChatMessage): object {
  switch (type) {
    case 'slack':
      return slackMessage(message);
    case 'discord':
      return discordMessage(message);
    case 'teams':
      return teamsMessage(message);
    case 'dooray':
      return doorayMessage(message);
  }
}
