import { errorBody, successOf } from '@teamline/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import type { Actor } from './context.js';

/** Response schemas of one route: the success envelope and the error envelope (for OpenAPI). */
export function responds<S extends 200 | 201 | 202, T extends z.ZodType>(status: S, data: T) {
  return { [status]: successOf(data), '4xx': errorBody, '5xx': errorBody } as {
    [K in S]: z.ZodObject<{ data: T }>;
  } & { '4xx': typeof errorBody; '5xx': typeof errorBody };
}

/** The signed-in caller; the auth hook already rejected anonymous calls to protected routes. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** `Authorization: Bearer <token>` → token. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}
