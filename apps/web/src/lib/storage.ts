/** docs/product/i18n-and-modes.md#stored-in-the-browser: a helper that stores, reads and removes JSON values in local storage. */
export const storage = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = localStorage.getItem(key);
      return raw == null ? fallback : (JSON.parse(raw) as T);
    } catch {
      return fallback;
    }
  },
  set(key: string, value: unknown): void {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      console.error(error);
    }
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

/** The join flow keeps the verified e-mail for the tab only (spec: verify → join). */
export const JOIN_SESSION_KEY = 'teamline.join';
export interface JoinSession {
  email: string;
  verifiedToken: string;
}
export function readJoinSession(): JoinSession | null {
  try {
    const raw = sessionStorage.getItem(JOIN_SESSION_KEY);
    return raw ? (JSON.parse(raw) as JoinSession) : null;
  } catch {
    return null;
  }
}
/** After an outside sign-in of someone not yet registered: the preToken and the issuer's claims. */
export const OAUTH_PRE_SESSION_KEY = 'teamline.oauthPre';
export interface OauthPreSession {
  preToken: string;
  email: string;
  name: string | null;
}
export function readOauthPreSession(): OauthPreSession | null {
  try {
    const raw = sessionStorage.getItem(OAUTH_PRE_SESSION_KEY);
    return raw ? (JSON.parse(raw) as OauthPreSession) : null;
  } catch {
    return null;
  }
}
export function writeOauthPreSession(value: OauthPreSession | null): void {
  if (value) sessionStorage.setItem(OAUTH_PRE_SESSION_KEY, JSON.stringify(value));
  else sessionStorage.removeItem(OAUTH_PRE_SESSION_KEY);
}
export function writeJoinSession(value: JoinSession | null): void {
  if (value) sessionStorage.setItem(JOIN_SESSION_KEY, JSON.stringify(value));
  else sessionStorage.removeItem(JOIN_SESSION_KEY);
}
