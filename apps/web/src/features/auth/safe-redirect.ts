/**
 * Where to go after sign-in: the requested path when it is a same-site relative one, else the start page.
 * An absolute (`https://…`) or protocol-relative (`//evil.example`) target would hand the fresh session's
 * user to another site.
 */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin || url.pathname.startsWith('/auth/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
