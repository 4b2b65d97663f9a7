import { AMO_LOST_STATUS_ID, AMO_WON_STATUS_ID } from '@cm/contract';
import type { Weighted } from './draws.js';

type Stage = { amoId: number; name: string; color: string };
export type Pipeline = { amoId: number; name: string; isMain: boolean; stages: Stage[] };

/** Open stages in order; the first is the "unsorted" stage of incoming leads. Won and lost follow in every pipeline. */
export const SALES_PIPELINE: Pipeline = {
  amoId: 7_310_001,
  name: 'Sales',
  isMain: true,
  stages: [
    { amoId: 73_100_011, name: 'Incoming leads', color: '#c1c1c1' },
    { amoId: 73_100_012, name: 'First contact', color: '#99ccff' },
    { amoId: 73_100_013, name: 'Needs identified', color: '#ffff99' },
    { amoId: 73_100_014, name: 'Proposal sent', color: '#ffcc66' },
    { amoId: 73_100_015, name: 'Negotiation', color: '#ff8f92' },
    { amoId: 73_100_016, name: 'Invoice issued', color: '#deff81' },
  ],
};

export const REPEAT_PIPELINE: Pipeline = {
  amoId: 7_310_002,
  name: 'Repeat customers',
  isMain: false,
  stages: [
    { amoId: 73_100_021, name: 'New request', color: '#c1c1c1' },
    { amoId: 73_100_022, name: 'Quote prepared', color: '#ffcc66' },
    { amoId: 73_100_023, name: 'Awaiting payment', color: '#deff81' },
  ],
};

export const PIPELINES = [SALES_PIPELINE, REPEAT_PIPELINE];

export const CLOSED_STAGES = [
  { amoId: AMO_WON_STATUS_ID, name: 'Closed - won', color: '#ccff66', sort: 10_000 },
  { amoId: AMO_LOST_STATUS_ID, name: 'Closed - lost', color: '#d5d8db', sort: 11_000 },
];

export const LOSS_REASONS: Weighted<{ amoId: number; name: string }> = [
  [{ amoId: 5_100_001, name: 'Too expensive' }, 28],
  [{ amoId: 5_100_002, name: 'Chose a competitor' }, 20],
  [{ amoId: 5_100_003, name: 'No response' }, 22],
  [{ amoId: 5_100_004, name: 'No budget' }, 10],
  [{ amoId: 5_100_005, name: 'Postponed the purchase' }, 10],
  [{ amoId: 5_100_006, name: 'Delivery time too long' }, 6],
  [{ amoId: 5_100_007, name: 'Not what the customer needed' }, 4],
];
