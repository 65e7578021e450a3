import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useAuthStore } from '../stores/auth-store';

/**
 * The guarded-route initialisation (docs/product/i18n-and-modes.md#routes): a signed-in session is required to pass; otherwise
 * the visitor goes to login with a redirect back here.
 */
export function guardLoader({ request }: LoaderFunctionArgs): Response | null {
  if (useAuthStore.getState().isLogin) return null;
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
