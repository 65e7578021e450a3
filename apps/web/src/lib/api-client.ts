import {
  API_BASE,
  apiPaths,
  isErrorCode,
  type ApiResponses,
  type AuthTokens,
  type FileBody,
  type HttpMethod,
  type ErrorCode,
  type FieldErrors,
  type SecondFactorMethod,
} from '@teamline/contract';
import { createBrowserRefresh, type BrowserRefresh } from './browser-refresh';

/** A failed call: the stable error code the UI translates as `errors.<code>`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly details: unknown;
  constructor(
    code: ErrorCode,
    status: number,
    message: string = code,
    fieldErrors: FieldErrors = {},
    details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.details = details;
  }
}

export const errorCodeOf = (error: unknown): ErrorCode =>
  error instanceof ApiError ? error.code : 'API_REQUEST_FAILED';

/**
 * Calls that never carry the access key (docs/product/accounts.md#sign-in: login, general login, member join, general join,
 * email auth, refresh) and whose 401 means "wrong credentials", not "session expired".
 */
const authPaths: string[] = [
  apiPaths.authLoginGeneral,
  apiPaths.authLoginLink,
  apiPaths.authLoginLinkVerify,
  apiPaths.inviteVerify,
  apiPaths.authEmail,
  apiPaths.authEmailVerify,
  apiPaths.memberJoinGeneral,
  apiPaths.memberJoin,
  apiPaths.authLogin,
  apiPaths.authOauthLink,
  apiPaths.authRefresh,
  apiPaths.memberFindId,
  apiPaths.memberFindPassword,
  apiPaths.memberPasswordReset,
  apiPaths.authConfig,
  apiPaths.region,
  apiPaths.authLoginSecondFactor,
  apiPaths.authLoginSecondFactorPasskey,
  apiPaths.authPasskeyOptions,
  apiPaths.authLoginPasskey,
];
export const isAuthPath = (path: string): boolean => authPaths.includes(path);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Read the response as a Blob instead of the `{data}` envelope. */
  asBlob?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a paying call. */
  headers?: Record<string, string>;
}

export interface SessionPort {
  /** The access key, kept in memory only; empty after a reload until the first refresh. */
  getKey: () => string;
  /** Whether the user signed in (persisted): then the refresh cookie can bring a new key. */
  isSignedIn: () => boolean;
  setTokens: (tokens: AuthTokens) => void;
  /** Reset every store and send the user to login with a redirect back. */
  onSessionLost: () => void;
  /**
   * A sensitive call answered 403 STEP_UP_REQUIRED: ask for the factor (one dialog); true once it
   * is proven, and the call is sent again (docs/decisions.md "Two-factor sign-in").
   */
  stepUp?: (methods: SecondFactorMethod[]) => Promise<boolean>;
}

type PathName = keyof typeof apiPaths;
type PathArgs<N extends PathName> = (typeof apiPaths)[N] extends (...args: infer A) => string ? A : never;

/**
 * A call's path by its name in `apiPaths`: the name alone for a fixed path (`'contract'`), the name and
 * the path function's arguments for the others (`['contractMove', contractIdx, 'accept']`).
 */
export type ApiRoute<N extends PathName = PathName> = N extends PathName
  ? (typeof apiPaths)[N] extends string
    ? N
    : readonly [N, ...PathArgs<N>]
  : never;

type Answered = keyof ApiResponses;
/** The paths that answer method M with JSON (files are read with `file`). */
type JsonNames<M extends HttpMethod> = {
  [N in Answered]: M extends keyof ApiResponses[N]
    ? ApiResponses[N][M] extends FileBody
      ? never
      : N
    : never;
}[Answered];
type FileNames = { [N in Answered]: ApiResponses[N] extends { GET: FileBody } ? N : never }[Answered];
type NameOf<R> = R extends readonly [infer N, ...unknown[]] ? N : R;
type Answer<R, M extends HttpMethod> =
  NameOf<R> extends infer N extends Answered
    ? M extends keyof ApiResponses[N]
      ? ApiResponses[N][M]
      : never
    : never;

export type CallOptions = Omit<RequestOptions, 'method' | 'asBlob'>;
/** One method's calls: the answer's type is the contract's for that path and method, never the caller's. */
type Call<M extends HttpMethod> = <const R extends ApiRoute<JsonNames<M>>>(
  route: R,
  options?: CallOptions,
) => Promise<Answer<R, M>>;

/** The API path of a route (`['contractMove', 7, 'accept']` → `/contract/7/accept`). */
export function pathOf(route: ApiRoute): string {
  if (typeof route === 'string') return apiPaths[route];
  const [name, ...args] = route;
  return (apiPaths[name] as (...a: unknown[]) => string)(...args);
}

export interface ApiClient {
  get: Call<'GET'>;
  post: Call<'POST'>;
  put: Call<'PUT'>;
  patch: Call<'PATCH'>;
  delete: Call<'DELETE'>;
  /** A file's bytes (an export, an attachment), fetched with the access key like every call. */
  file: <const R extends ApiRoute<FileNames>>(route: R, options?: CallOptions) => Promise<Blob>;
  /**
   * The access key, fetched from the refresh cookie when a reload left none in memory (the same
   * shared refresh the calls use); empty when signed out. For what sends the key itself (a socket).
   */
  ensureKey: () => Promise<string>;
}

export function createApiClient(
  session: SessionPort,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
  browser: BrowserRefresh = createBrowserRefresh({ locks: null, channel: null }),
): ApiClient {
  let refreshing: Promise<boolean> | null = null;

  /** The refresh token is the httpOnly cookie the browser sends to /api/auth on its own. */
  async function refreshByCookie(): Promise<AuthTokens | null> {
    try {
      const res = await fetchImpl(API_BASE + apiPaths.authRefresh, {
        method: 'POST',
        credentials: 'same-origin',
      });
      if (!res.ok) return null;
      return ((await res.json()) as { data: AuthTokens }).data;
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  /** One refresh for the whole browser: the tab holding the lock refreshes, the others take its result. */
  async function refreshOnce(): Promise<boolean> {
    if (!session.isSignedIn()) return false;
    const tokens = await browser.run(refreshByCookie, session.getKey());
    if (!tokens) return false;
    session.setTokens(tokens);
    return true;
  }

  /** Concurrent 401s await the same refresh (docs/product/accounts.md#sessions: a single shared token refresh). */
  function sharedRefresh(): Promise<boolean> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function send(path: string, options: RequestOptions): Promise<Response> {
    const url = new URL(API_BASE + path, 'http://placeholder');
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value != null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { ...options.headers };
    const key = session.getKey();
    if (key && !isAuthPath(path)) headers.Authorization = `Bearer ${key}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetchImpl(url.pathname + url.search, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  }

  async function ensureKey(): Promise<string> {
    if (!session.getKey() && session.isSignedIn()) await sharedRefresh();
    return session.getKey();
  }

  /** A 401 that refuses what was typed (a wrong password), not the session: no refresh for it. */
  async function isWrongPassword(res: Response): Promise<boolean> {
    try {
      const body = (await res.clone().json()) as { error?: { code?: string } };
      return body.error?.code === 'AUTH_INCORRECT_PASSWORD';
    } catch {
      return false;
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}, afterStepUp = false): Promise<T> {
    let res: Response;
    // A call made with no session at all (one still in flight or refetching while the user logs
    // out) is refused on its own: it must not send the signed-out user to login (docs/product/accounts.md#sessions Logout → /).
    const signedOut = !session.getKey() && !session.isSignedIn();
    try {
      // After a reload the key is gone from memory: get one from the cookie before the first call
      // instead of collecting a 401 for it.
      if (!signedOut && !session.getKey() && !isAuthPath(path) && !(await sharedRefresh())) {
        session.onSessionLost();
        throw new ApiError('AUTH_SESSION_EXPIRED', 401);
      }
      res = await send(path, options);
      if (res.status === 401 && !isAuthPath(path) && !signedOut && !(await isWrongPassword(res))) {
        if (await sharedRefresh()) {
          res = await send(path, options);
        } else {
          session.onSessionLost();
          throw new ApiError('AUTH_SESSION_EXPIRED', 401);
        }
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      console.error(error);
      throw new ApiError('API_REQUEST_FAILED', 0);
    }
    if (!res.ok) {
      let code: ErrorCode = res.status === 413 ? 'FILE_TOO_LARGE' : 'API_REQUEST_FAILED';
      let message = res.statusText;
      let fieldErrors: FieldErrors = {};
      let details: unknown;
      try {
        const body = (await res.json()) as {
          error?: { code?: string; message?: string; fieldErrors?: FieldErrors; details?: unknown };
        };
        const bodyCode = body.error?.code;
        if (isErrorCode(bodyCode)) code = bodyCode;
        message = body.error?.message ?? message;
        fieldErrors = body.error?.fieldErrors ?? {};
        details = body.error?.details;
      } catch {
        // A body that is not JSON keeps the status-derived code.
      }
      if (code === 'STEP_UP_REQUIRED' && !afterStepUp && session.stepUp) {
        const methods = (details as { methods?: SecondFactorMethod[] } | undefined)?.methods ?? [];
        if (await session.stepUp(methods)) return request<T>(path, options, true);
      }
      throw new ApiError(code, res.status, message, fieldErrors, details);
    }
    if (options.asBlob) return (await res.blob()) as T;
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!text) return undefined as T;
    return (JSON.parse(text) as { data: T }).data;
  }

  const calling =
    (method: HttpMethod) =>
    (route: ApiRoute, options?: CallOptions): Promise<never> =>
      request(pathOf(route), { ...options, method });
  return {
    get: calling('GET'),
    post: calling('POST'),
    put: calling('PUT'),
    patch: calling('PATCH'),
    delete: calling('DELETE'),
    file: (route, options) => request(pathOf(route), { ...options, asBlob: true }),
    ensureKey,
  };
}
