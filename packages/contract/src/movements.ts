import { z } from 'zod';
import { CalendarDate, ExportOptions, Pagination, pageOf, SortOrder } from './lists.js';
import { MoneyMinor, PositiveQuantity, Quantity, Unit } from './quantities.js';

export const MovementType = z.enum(['receipt', 'issue', 'transfer', 'adjustment', 'reversal']);
export type MovementType = z.infer<typeof MovementType>;

/** Where a movement came from when no person typed it; clients put it in words in the reader's language. */
export const MovementOrigin = z.enum(['opening-balance']);
export type MovementOrigin = z.infer<typeof MovementOrigin>;

/** Header that makes a posting safe to retry: the same key and body are applied once. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, { message: 'Printable ASCII without spaces, e.g. a UUID' });

const Reference = z.string().trim().max(100).default('').describe('Document number, e.g. an invoice or work order');
const Note = z.string().trim().max(1000).default('');

export const ReceiptRequest = z.object({
  type: z.literal('receipt'),
  componentId: z.uuid(),
  locationId: z.uuid(),
  quantity: PositiveQuantity,
  unitCostMinor: MoneyMinor.optional().describe("Defaults to the component's default unit cost"),
  reference: Reference,
  note: Note,
});
export const IssueRequest = z.object({
  type: z.literal('issue'),
  componentId: z.uuid(),
  locationId: z.uuid(),
  quantity: PositiveQuantity,
  reference: Reference,
  note: Note,
});
export const TransferRequest = z.object({
  type: z.literal('transfer'),
  componentId: z.uuid(),
  fromLocationId: z.uuid(),
  toLocationId: z.uuid(),
  quantity: PositiveQuantity,
  reference: Reference,
  note: Note,
});
/** Stocktake: the counted quantity; the ledger records the difference from the book quantity. */
export const AdjustmentRequest = z.object({
  type: z.literal('adjustment'),
  componentId: z.uuid(),
  locationId: z.uuid(),
  countedQuantity: Quantity,
  reference: Reference,
  note: Note,
});

/** One posting of the ledger; reversals have their own endpoint. */
export const MovementRequest = z.discriminatedUnion('type', [
  ReceiptRequest,
  IssueRequest,
  TransferRequest,
  AdjustmentRequest,
]);
export type MovementRequest = z.input<typeof MovementRequest>;

export const ReversalRequest = z.object({ note: Note });
export type ReversalRequest = z.input<typeof ReversalRequest>;

const LocationRef = z.object({ id: z.uuid(), path: z.string() });

/**
 * A ledger row. Every movement takes `quantity` out of `from` and/or puts it into `to`: a receipt has only
 * `to`, an issue only `from`, a transfer both, an adjustment or reversal whichever side its sign needs.
 */
export const Movement = z
  .object({
    id: z.uuid(),
    number: z.number().int().describe('Sequential number, for people to quote'),
    type: MovementType,
    componentId: z.uuid(),
    sku: z.string(),
    componentName: z.string(),
    unit: Unit,
    quantity: PositiveQuantity,
    from: LocationRef.nullable(),
    to: LocationRef.nullable(),
    unitCostMinor: MoneyMinor.nullable().describe('Receipts only'),
    reference: z.string(),
    note: z.string(),
    user: z.object({ id: z.uuid(), name: z.string() }),
    createdAt: z.iso.datetime({ offset: true }),
    reversalOfId: z.uuid().nullable(),
    reversalOfNumber: z.number().int().nullable().describe('Number of the movement this one reverses'),
    reversedById: z.uuid().nullable(),
    origin: MovementOrigin.nullable().describe('`opening-balance`: posted by an import as opening stock'),
  })
  .meta({ id: 'Movement' });
export type Movement = z.infer<typeof Movement>;

/** A posted movement with the quantities it left at the locations it touched. */
export const PostingResponse = z
  .object({
    movement: Movement,
    balances: z.array(z.object({ locationId: z.uuid(), quantity: Quantity })),
  })
  .meta({ id: 'PostingResponse' });
export type PostingResponse = z.infer<typeof PostingResponse>;

export const MovementFilters = z.object({
  from: CalendarDate.optional().describe('First day of the period (inclusive), organisation time zone'),
  to: CalendarDate.optional().describe('Last day of the period (inclusive), organisation time zone'),
  type: MovementType.optional(),
  componentId: z.uuid().optional(),
  locationId: z.uuid().optional().describe('Movements into or out of this location or any below it'),
  userId: z.uuid().optional(),
  order: SortOrder.default('desc').describe('By time of posting'),
});
export const MovementListQuery = MovementFilters.extend(Pagination.shape);
export type MovementListQuery = z.input<typeof MovementListQuery>;
export const MovementList = pageOf(Movement).meta({ id: 'MovementList' });
export type MovementList = z.infer<typeof MovementList>;
export const MovementExportQuery = MovementFilters.extend(ExportOptions.shape);

/** People who posted movements in the current department, for the ledger's user filter. */
export const MovementUsers = z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) });
