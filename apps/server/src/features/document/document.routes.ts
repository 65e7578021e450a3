import {
  apiPaths,
  DOCUMENT_CONTENT_MAX_BYTES,
  documentCreateRequest,
  documentDetail,
  documentExportQuery,
  documentListQuery,
  documentListResponse,
  documentPublicLink,
  documentShare,
  documentShareRequest,
  documentUpdateRequest,
  documentVersionDetail,
  documentVersionsResponse,
  folder,
  folderCreateRequest,
  folderListQuery,
  folderListResponse,
  folderShare,
  folderUpdateRequest,
  idx,
  publicDocument,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { contentDisposition } from '../file/file.routes.js';
import { project, record } from '../../platform/authorization/route-policy.js';

const folderParams = z.object({ folderIdx: idx });
const documentParams = z.object({ documentIdx: idx });
const versionParams = z.object({ documentIdx: idx, versionNo: idx });
const shareParams = z.object({ shareIdx: idx });
const tokenParams = z.object({ token: z.string().min(20).max(100) });
const done = responds(200, z.object({}));
/** A save carries the whole editor JSON: room for the largest document plus the envelope. */
const saveLimit = DOCUMENT_CONTENT_MAX_BYTES + 64 * 1024;

export async function documentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { documents, folders } = app.services;
  const tags = ['document'];
  const security = [{ bearer: [] }];

  // Folders
  // Documents (issue 15): members read, professionals write; the author or admin authority shares,
  // links and deletes. The document service narrows further per document (private, shares).
  app.get(
    apiPaths.folder,
    {
      config: { policy: project('document.view') },
      schema: { tags, security, querystring: folderListQuery, response: responds(200, folderListResponse) },
    },
    async (request) => ({ data: await folders.list(actorOf(request), request.query.projectIdx) }),
  );
  app.post(
    apiPaths.folder,
    {
      config: { policy: project('document.edit') },
      schema: { tags, security, body: folderCreateRequest, response: responds(201, folder) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await folders.create(actorOf(request), request.body) }),
  );
  app.patch(
    apiPaths.folderOne(':folderIdx'),
    {
      config: { policy: record('document.edit', 'FOLDER_NOT_FOUND') },
      schema: {
        tags,
        security,
        description:
          'Rename, move (`parentIdx`) or take out of the bin (`restore: true`, the undo of a delete).',
        params: folderParams,
        body: folderUpdateRequest,
        response: responds(200, folder),
      },
    },
    async (request) => ({
      data: await folders.update(actorOf(request), request.params.folderIdx, request.body),
    }),
  );
  app.delete(
    apiPaths.folderOne(':folderIdx'),
    {
      config: { policy: record('document.edit', 'FOLDER_NOT_FOUND') },
      schema: { tags, security, params: folderParams, response: done },
    },
    async (request) => {
      await folders.remove(actorOf(request), request.params.folderIdx);
      return { data: {} };
    },
  );
  app.post(
    apiPaths.folderShare(':folderIdx'),
    {
      config: { policy: record('document.share', 'FOLDER_NOT_FOUND') },
      schema: {
        tags,
        security,
        description:
          'Shares the folder with a member: view or edit on every document in it and below it (private ones too); edit also adds documents there. Sharing again changes the access.',
        params: folderParams,
        body: documentShareRequest,
        response: responds(201, folderShare),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await folders.share(actorOf(request), request.params.folderIdx, request.body) }),
  );
  app.delete(
    apiPaths.folderShareOne(':shareIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_SHARE_NOT_FOUND') },
      schema: { tags, security, params: shareParams, response: done },
    },
    async (request) => {
      await folders.unshare(actorOf(request), request.params.shareIdx);
      return { data: {} };
    },
  );

  // Documents
  app.get(
    apiPaths.document,
    {
      config: { policy: project('document.view') },
      schema: {
        tags,
        security,
        querystring: documentListQuery,
        response: responds(200, documentListResponse),
      },
    },
    async (request) => ({ data: await documents.list(actorOf(request), request.query) }),
  );
  app.post(
    apiPaths.document,
    {
      config: { policy: project('document.edit') },
      bodyLimit: saveLimit,
      schema: { tags, security, body: documentCreateRequest, response: responds(201, documentDetail) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await documents.createDocument(actorOf(request), request.body) }),
  );
  app.get(
    apiPaths.documentOne(':documentIdx'),
    {
      config: { policy: record('document.view', 'DOCUMENT_NOT_FOUND') },
      schema: { tags, security, params: documentParams, response: responds(200, documentDetail) },
    },
    async (request) => ({ data: await documents.get(actorOf(request), request.params.documentIdx) }),
  );
  app.patch(
    apiPaths.documentOne(':documentIdx'),
    {
      config: { policy: record('document.edit', 'DOCUMENT_NOT_FOUND') },
      bodyLimit: saveLimit,
      schema: {
        tags,
        security,
        params: documentParams,
        body: documentUpdateRequest,
        response: responds(200, documentDetail),
      },
    },
    async (request) => ({
      data: await documents.update(actorOf(request), request.params.documentIdx, request.body),
    }),
  );
  app.delete(
    apiPaths.documentOne(':documentIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_NOT_FOUND') },
      schema: { tags, security, params: documentParams, response: done },
    },
    async (request) => {
      await documents.remove(actorOf(request), request.params.documentIdx);
      return { data: {} };
    },
  );
  app.post(
    apiPaths.documentRestore(':documentIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'The undo of a delete: takes the document out of the bin.',
        params: documentParams,
        response: responds(200, documentDetail),
      },
    },
    async (request) => ({ data: await documents.restore(actorOf(request), request.params.documentIdx) }),
  );

  // Versions and export
  app.get(
    apiPaths.documentVersions(':documentIdx'),
    {
      config: { policy: record('document.view', 'DOCUMENT_NOT_FOUND') },
      schema: { tags, security, params: documentParams, response: responds(200, documentVersionsResponse) },
    },
    async (request) => ({ data: await documents.versions(actorOf(request), request.params.documentIdx) }),
  );
  app.get(
    apiPaths.documentVersionOne(':documentIdx', ':versionNo'),
    {
      config: { policy: record('document.view', 'DOCUMENT_NOT_FOUND') },
      schema: { tags, security, params: versionParams, response: responds(200, documentVersionDetail) },
    },
    async (request) => ({
      data: await documents.version(actorOf(request), request.params.documentIdx, request.params.versionNo),
    }),
  );
  app.get(
    apiPaths.documentExport(':documentIdx'),
    {
      config: { policy: record('document.view', 'DOCUMENT_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'The document as Markdown (`format=md`), as a download.',
        params: documentParams,
        querystring: documentExportQuery,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await documents.exportMarkdown(actorOf(request), request.params.documentIdx);
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  // Sharing
  app.post(
    apiPaths.documentShare(':documentIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: documentParams,
        body: documentShareRequest,
        response: responds(201, documentShare),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await documents.share(actorOf(request), request.params.documentIdx, request.body) }),
  );
  app.delete(
    apiPaths.documentShareOne(':shareIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_SHARE_NOT_FOUND') },
      schema: { tags, security, params: shareParams, response: done },
    },
    async (request) => {
      await documents.unshare(actorOf(request), request.params.shareIdx);
      return { data: {} };
    },
  );
  app.post(
    apiPaths.documentPublicLink(':documentIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'A new read-only link without sign-in; an earlier link of the document stops working.',
        params: documentParams,
        response: responds(201, documentPublicLink),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await documents.createPublicLink(actorOf(request), request.params.documentIdx) }),
  );
  app.delete(
    apiPaths.documentPublicLink(':documentIdx'),
    {
      config: { policy: record('document.share', 'DOCUMENT_NOT_FOUND') },
      schema: { tags, security, params: documentParams, response: done },
    },
    async (request) => {
      await documents.revokePublicLink(actorOf(request), request.params.documentIdx);
      return { data: {} };
    },
  );
  // A read-only public link: the token is the permission.
  app.get(
    apiPaths.publicDocument(':token'),
    {
      config: { policy: 'public' },
      schema: { tags, params: tokenParams, response: responds(200, publicDocument) },
    },
    async (request) => ({ data: await documents.publicDocument(request.params.token) }),
  );
}
