export const calculatorKeys = {
  all: ['calculator'] as const,
  /**
   * What the calculator starts from for a manager this month; without an id, the one the server picks (a manager
   * themselves, an administrator the department's first).
   */
  context: (managerId: string | undefined) => [...calculatorKeys.all, 'context', managerId ?? null] as const,
};
