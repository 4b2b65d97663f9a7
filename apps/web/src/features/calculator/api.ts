import {
  BonusCalculation,
  type BonusSchemeVersion,
  CalculatorContext,
  type CalculatorRequest,
  type ManagementType,
} from '@cm/contract';
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { parseListSearch, toQueryString } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { calculatorKeys } from '../../lib/query-keys/calculator';

/** The manager looked at lives in the URL (`?managerId=`), so that a link or a reload opens the same one. */
export const CalculatorSearch = z.object({ managerId: z.uuid().optional() });

/** A manager's plan, revenue and bonus this month, the schemes in effect, and whom the viewer may pick. */
export const calculatorContextQuery = (managerId: string | undefined) =>
  queryOptions({
    queryKey: calculatorKeys.context(managerId),
    queryFn: ({ signal }) => {
      const query = toQueryString({ managerId });
      return api(`/sales/calculator/context${query ? `?${query}` : ''}`, CalculatorContext, { signal });
    },
  });

/** Starts reading what the calculator opens with, from the address's query (as the router parses it). */
export function prefetchCalculatorScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(calculatorContextQuery(parseListSearch(CalculatorSearch, search).managerId));
}

function calculate(request: CalculatorRequest): Promise<BonusCalculation> {
  return api('/sales/calculator', BonusCalculation, { method: 'POST', body: request });
}

/** Asks the server what a plan and a revenue would pay this month; it changes nothing, so nothing goes stale. */
export function useCalculateBonus() {
  return useMutation({ mutationFn: calculate });
}

/** The scheme in effect this month of a management type, from the context; null for none or no type. */
export function schemeOf(context: CalculatorContext, type: ManagementType | null): BonusSchemeVersion | null {
  return context.schemes.find((scheme) => scheme.managementType === type) ?? null;
}
