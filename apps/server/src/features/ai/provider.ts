import type { TimelineDraft } from '@teamline/contract';
import type { AppConfig } from '../../config.js';
import type { ProjectActivity } from './activity.repository.js';
import type { PlanText } from './file-reader.js';
import { offlineTimelineDraft } from './offline-timeline.js';
import { createOpenAiProvider } from './openai-provider.js';
import { writeReport, type ReportInput } from './report-writer.js';

/**
 * One interface for AI work (docs/product/documents-and-ai.md#documents): the built-in offline generator, or an
 * OpenAI-compatible chat-completions endpoint when `AI_BASE_URL` is set. Both return the same shapes,
 * validated; a provider failure is AI_PROVIDER_FAILED (docs/product/documents-and-ai.md#ai-timeline "AI timeline creation request failed,
 * try later").
 */
export interface AiProvider {
  /** `offline` or the model's name, shown with the job. */
  name: string;
  timelineDraft(plan: PlanText, fileTitle: string, signal?: AbortSignal): Promise<TimelineDraft>;
  document(
    input: ReportInput,
    activity: ProjectActivity,
    signal?: AbortSignal,
  ): Promise<ReturnType<typeof writeReport>>;
}

export const offlineProvider: AiProvider = {
  name: 'offline',
  timelineDraft: (plan, fileTitle) => Promise.resolve(offlineTimelineDraft(plan, fileTitle)),
  document: (input, activity) => Promise.resolve(writeReport(input, activity)),
};

export const aiProviderOf = (config: AppConfig['ai']): AiProvider =>
  config ? createOpenAiProvider(config) : offlineProvider;
