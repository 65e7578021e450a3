/**
 * Where to go after login: the redirect query, else the previous path, else home. Its own module so
 * the pages that sign in another way (Google, a mailed link) do not load the login page.
 */
export function afterLoginPath(redirect: string | null, previousPath: string): string {
  const isSafe = (p: string | null): p is string =>
    !!p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/login');
  if (isSafe(redirect)) return redirect;
  if (isSafe(previousPath)) return previousPath;
  return '/';
}
