/**
 * Where to go after sign-in: the requested path when it is a same-site relative one, else the start page.
 * The target is resolved against this origin first, so that dot segments and backslashes cannot turn it
 * into another site: an absolute (`https://…`) or protocol-relative (`//evil.example`, also when spelt
 * `/.//evil.example` or `/./\evil.example`) target would hand the fresh session's user to another site.
 */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  if (!target?.startsWith('/')) return '/';
  try {
    const url = new URL(target, origin);
    const { pathname } = url;
    if (
      url.origin !== origin ||
      pathname.startsWith('//') ||
      pathname.startsWith('/\\') ||
      pathname.startsWith('/auth/')
    ) {
      return '/';
    }
    return `${pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
