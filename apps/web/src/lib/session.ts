import type { TokenPair, User } from '@cm/contract';

/** sessionStorage keys fixed by the product: the session lives and dies with the browser tab. */
const KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken', user: 'user' } as const;

export const session = {
  accessToken: () => sessionStorage.getItem(KEYS.accessToken),
  refreshToken: () => sessionStorage.getItem(KEYS.refreshToken),
  user(): User | null {
    const stored = sessionStorage.getItem(KEYS.user);
    if (!stored) return null;
    try {
      return JSON.parse(stored) as User;
    } catch {
      return null;
    }
  },
  /** "Logged in" means an access token exists (PRODUCT.md §3); the server decides whether it is valid. */
  isLoggedIn: () => sessionStorage.getItem(KEYS.accessToken) !== null,
  saveTokens(tokens: TokenPair) {
    sessionStorage.setItem(KEYS.accessToken, tokens.accessToken);
    sessionStorage.setItem(KEYS.refreshToken, tokens.refreshToken);
  },
  saveUser(user: User) {
    sessionStorage.setItem(KEYS.user, JSON.stringify(user));
  },
  clear() {
    for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
  },
};
