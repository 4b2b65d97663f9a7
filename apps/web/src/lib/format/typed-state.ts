import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * State holding text typed as the interface language writes numbers, that follows the language: when it changes,
 * `relocalise` rewrites the state (relocalisedMoney for each amount) in the same render, before anything is painted,
 * so that no frame shows "2,800,000.00" read as Russian. Every form that keeps amounts as typed holds them this way.
 */
export function useTypedState<State>(
  initial: (language: string) => State,
  relocalise: (state: State, from: string, to: string) => State,
): [State, Dispatch<SetStateAction<State>>] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // The state is kept with the language it was typed in.
  const [typed, setTyped] = useState(() => ({ state: initial(language), language }));
  let current = typed;
  if (typed.language !== language) {
    // React's adjustment of state while rendering: this render is thrown away and done again with the new state.
    current = { state: relocalise(typed.state, typed.language, language), language };
    setTyped(current);
  }
  const setState = useCallback<Dispatch<SetStateAction<State>>>(
    (action) =>
      setTyped((previous) => ({
        ...previous,
        state: typeof action === 'function' ? (action as (state: State) => State)(previous.state) : action,
      })),
    [],
  );
  return [current.state, setState];
}
