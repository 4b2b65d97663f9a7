import { RecoveryCodes, type TwoFactorConfirmation, TwoFactorSetup } from '@cm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { profileKeys } from '../../lib/query-keys/profile';

/**
 * A new secret for the authenticator app. The answer is a secret, so it is not kept once the setup is left
 * (`gcTime: 0`); the server keeps it unconfirmed until a code of the app turns two-factor sign-in on.
 */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api('/profile/two-factor/setup', TwoFactorSetup, { method: 'POST' }),
    gcTime: 0,
  });
}

/**
 * Turns two-factor sign-in on with a code of the app and the account's password; the answer holds the recovery codes,
 * shown once.
 */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: TwoFactorConfirmation) =>
      api('/profile/two-factor/enable', RecoveryCodes, { method: 'POST', body: confirmation }),
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor() }),
  });
}
