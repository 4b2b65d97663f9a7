import { z } from 'zod';
import { ExportOptions, Pagination, pageOf, SortOrder } from './lists.js';
import { MoneyMinor, Quantity, QuantitySum, Unit } from './quantities.js';

const Name = z.string().trim().min(1).max(200);
const OptionalText = (max: number) => z.string().trim().max(max).default('');

/** A node of the company-wide category tree. */
export const Category = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parentId: z.uuid().nullable(),
    path: z.string().describe('Names from the root, joined with " / "'),
    componentCount: z.number().int(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const CategoryInput = z.object({
  name: Name,
  parentId: z.uuid().nullable().default(null),
});
export type CategoryInput = z.input<typeof CategoryInput>;

/** A rename and/or move: a field left out keeps its value; `parentId: null` moves to the root. */
export const CategoryChange = z.object({ name: Name.optional(), parentId: z.uuid().nullable().optional() });
export type CategoryChange = z.input<typeof CategoryChange>;

export const CategoryList = z.object({ items: z.array(Category) });

export const ComponentParameter = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(200),
  unit: z.string().trim().max(30).default(''),
});
export type ComponentParameter = z.infer<typeof ComponentParameter>;

/**
 * A SKU is printable text as real part numbers have it ("CRCW0603 10K0 FKEA", "GRM188R71H104KA93D=", "LM317
 * (TO-220)"): no control, formatting or line-breaking characters. It is stored trimmed and is unique whatever
 * its letter case.
 */
export const SKU_PATTERN = /^[^\p{C}\p{Zl}\p{Zp}]+$/u;

/** What a user enters for a component; `sku` is unique case-insensitively. */
export const ComponentInput = z.object({
  sku: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(SKU_PATTERN, { message: 'Printable characters only: no line breaks, tabs or control characters' }),
  name: Name,
  categoryId: z.uuid().nullable().default(null),
  manufacturer: OptionalText(200),
  manufacturerPartNumber: OptionalText(200),
  package: OptionalText(100).describe('Package or footprint, e.g. 0603, SOIC-8'),
  unit: Unit.default('pcs'),
  description: z.string().max(100_000).default('').describe('Markdown; rendered sanitised'),
  imageId: z.uuid().nullable().default(null),
  datasheetUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)])
    .default('')
    .describe('http(s) link or empty'),
  parameters: z.array(ComponentParameter).max(100).default([]),
  minimumStock: Quantity.default('0').describe('Reorder level in the current department'),
  defaultUnitCostMinor: MoneyMinor.default(0),
});
export type ComponentInput = z.input<typeof ComponentInput>;

export const Component = z
  .object({
    id: z.uuid(),
    sku: z.string(),
    name: z.string(),
    categoryId: z.uuid().nullable(),
    categoryPath: z.string().nullable(),
    manufacturer: z.string(),
    manufacturerPartNumber: z.string(),
    package: z.string(),
    unit: Unit,
    description: z.string(),
    imageId: z.uuid().nullable(),
    datasheetUrl: z.string(),
    parameters: z.array(ComponentParameter),
    minimumStock: Quantity,
    defaultUnitCostMinor: MoneyMinor,
    archived: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Component' });
export type Component = z.infer<typeof Component>;

export const ComponentSort = z.enum(['sku', 'name', 'category', 'manufacturer', 'updatedAt']);
export type ComponentSort = z.infer<typeof ComponentSort>;

export const ComponentStatusFilter = z.enum(['active', 'archived', 'all']);

/** The search of the lists of components and of stock. */
export const ComponentSearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .describe('Words (up to 8) that must each occur, in any order, in the SKU, name, manufacturer or part number');

export const ComponentFilters = z.object({
  q: ComponentSearch,
  categoryId: z.uuid().optional().describe('This category and everything below it'),
  status: ComponentStatusFilter.default('active'),
  sort: ComponentSort.default('sku'),
  order: SortOrder.default('asc'),
});
export const ComponentListQuery = ComponentFilters.extend(Pagination.shape);
export type ComponentListQuery = z.input<typeof ComponentListQuery>;
export const ComponentList = pageOf(Component);
export type ComponentList = z.infer<typeof ComponentList>;

/** Stock of one component at one location of the current department. */
export const ComponentStockAtLocation = z.object({
  locationId: z.uuid(),
  locationPath: z.string(),
  quantity: Quantity,
});

export const ComponentDetail = z
  .object({
    component: Component,
    stock: z.array(ComponentStockAtLocation).describe('Locations of the current department holding stock'),
    totalQuantity: QuantitySum,
    belowMinimum: z.boolean().describe('Below its minimum stock in the department, and not archived'),
    hasMovements: z.boolean().describe('Whether any department ever moved it; such components can only be archived'),
  })
  .meta({ id: 'ComponentDetail' });
export type ComponentDetail = z.infer<typeof ComponentDetail>;

export const ComponentExportQuery = ComponentFilters.extend(ExportOptions.shape);
