/** The company's security policy: its own resource, so that a change to some user does not read it again. */
export const securityPolicyKeys = {
  all: ['security-policy'] as const,
};
