export const profileKeys = {
  all: ['profile'] as const,
  /** The other members of a department, as the profile's Users tab lists them. */
  colleagues: (departmentId: string | null) => [...profileKeys.all, 'colleagues', departmentId] as const,
  /** One person's awards as the current department reckons them. */
  awards: (userId: string, departmentId: string | null) =>
    [...profileKeys.all, 'awards', userId, departmentId] as const,
  /** The signed-in person's live sessions, as the Security tab lists them. */
  sessions: () => [...profileKeys.all, 'sessions'] as const,
  /** Whether the signed-in person's sign-in asks for a code, as the Security tab shows it. */
  twoFactor: () => [...profileKeys.all, 'two-factor'] as const,
};
