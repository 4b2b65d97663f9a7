/** A department's months (PRODUCT.md §5): open, or closed with frozen figures. */
export const salesMonthKeys = {
  all: ['sales-months'] as const,
  year: (year: number) => [...salesMonthKeys.all, 'year', year] as const,
  month: (month: string) => [...salesMonthKeys.all, 'month', month] as const,
};
