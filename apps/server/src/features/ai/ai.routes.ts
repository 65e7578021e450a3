import {
  AI_UPLOAD_MAX_BYTES,
  aiApplyRequest,
  aiApplyResponse,
  aiDocumentRequest,
  aiJob,
  aiJobCreated,
  apiPaths,
  idx,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import { actorOf, responds } from '../../shared/http.js';
import { filePartOf, readingPart } from '../../shared/upload-part.js';
import { project, record } from '../../platform/authorization/route-policy.js';

const projectParams = z.object({ projectIdx: idx });
const jobParams = z.object({ jobIdx: idx });

export async function aiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ai } = app.services;
  const tags = ['ai'];
  const security = [{ bearer: [] }];

  // AI (issue 15): drafting and applying are professionals' work; another project's job looks missing.
  app.post(
    apiPaths.timelineByAi(':projectIdx'),
    {
      config: { policy: project('ai.timeline') },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Multipart field `file`: PDF, Word (.docx), TXT or CSV up to 10 MB, recognised by content. ' +
          'Answers 202 with the job; `GET /ai-job/{jobIdx}` follows it to the draft.',
        params: projectParams,
        response: responds(202, aiJobCreated),
      },
    },
    async (request, reply) => {
      const part = await filePartOf(request, AI_UPLOAD_MAX_BYTES);
      const bytes = await readingPart(part, () => part.toBuffer()).catch((error: unknown) => {
        // toBuffer throws FST_REQ_FILE_TOO_LARGE past the limit.
        throw part.file.truncated ? new AppError('AI_FILE_TOO_LARGE') : error;
      });
      if (part.file.truncated) throw new AppError('AI_FILE_TOO_LARGE');
      const created = await ai.startTimeline(actorOf(request), request.params.projectIdx, {
        bytes,
        fileName: part.filename,
      });
      return reply.status(202).send({ data: created });
    },
  );

  app.post(
    apiPaths.documentAi,
    {
      config: { policy: project('ai.document') },
      schema: {
        tags,
        security,
        description:
          'Drafts a document from the project’s activity (202 with the job; the job names the document).',
        body: aiDocumentRequest,
        response: responds(202, aiJobCreated),
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await ai.startDocument(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.aiJob(':jobIdx'),
    {
      config: { policy: record('ai.timeline', 'AI_JOB_NOT_FOUND') },
      schema: { tags, security, params: jobParams, response: responds(200, aiJob) },
    },
    async (request) => ({ data: await ai.get(actorOf(request), request.params.jobIdx) }),
  );

  app.post(
    apiPaths.aiJobApply(':jobIdx'),
    {
      config: { policy: record('ai.timeline', 'AI_JOB_NOT_FOUND') },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        security,
        description: 'Applies the reviewed draft at once (all or nothing); a second apply is refused.',
        params: jobParams,
        body: aiApplyRequest,
        response: responds(200, aiApplyResponse),
      },
    },
    async (request) => ({ data: await ai.apply(actorOf(request), request.params.jobIdx, request.body) }),
  );

  app.post(
    apiPaths.aiJobCancel(':jobIdx'),
    {
      config: { policy: record('ai.timeline', 'AI_JOB_NOT_FOUND') },
      schema: { tags, security, params: jobParams, response: responds(200, aiJob) },
    },
    async (request) => ({ data: await ai.cancel(actorOf(request), request.params.jobIdx) }),
  );
}
