import type { ComponentDetail, ErrorCode, Unit } from '@cm/contract';
import type { MovementFields } from '../../../components/movements/movement-form-model';
import { ApiError } from '../../../lib/api-client';

/** The kit's own ids, outside any the server hands out, so that nothing here is mistaken for stored data. */
const SAMPLE_COMPONENT_ID = '00000000-0000-4000-8000-000000000001';
const SAMPLE_LOCATION_ID = '00000000-0000-4000-8000-000000000002';

/**
 * A component as the server describes it when a movement form has chosen one: what the quantity boxes read their
 * unit, default cost and stock on hand from. `quantity` is what the sample location holds.
 */
export function sampleComponentDetail(name: string, unit: Unit, quantity: string): ComponentDetail {
  return {
    component: {
      id: SAMPLE_COMPONENT_ID,
      sku: 'KIT-0001',
      name,
      categoryId: null,
      categoryPath: null,
      manufacturer: '',
      manufacturerPartNumber: '',
      package: '',
      unit,
      description: '',
      imageId: null,
      datasheetUrl: '',
      parameters: [],
      minimumStock: '0',
      defaultUnitCostMinor: 4550,
      archived: false,
      createdAt: '2026-01-05T09:00:00+00:00',
      updatedAt: '2026-01-05T09:00:00+00:00',
    },
    stock: [{ locationId: SAMPLE_LOCATION_ID, locationPath: 'Main / Shelf A', quantity }],
    totalQuantity: quantity,
    belowMinimum: false,
    hasMovements: true,
  };
}

/** A movement form with the sample component at the sample location, nothing typed yet. */
export const SAMPLE_MOVEMENT: MovementFields = {
  componentId: SAMPLE_COMPONENT_ID,
  locationId: SAMPLE_LOCATION_ID,
  toLocationId: null,
  quantity: '',
  unitCost: '',
  reference: '',
  note: '',
};

/**
 * A refusal of the server with `code`, carrying what the messages of some codes count (the seconds to wait, the
 * members left without a department, the quantity available), as a screen receives it.
 */
export function sampleRefusal(code: ErrorCode): ApiError {
  return new ApiError(400, code, {
    type: 'about:blank',
    title: code,
    status: 400,
    detail: code,
    code,
    retryAfterSeconds: 30,
    members: 2,
    available: '3.5',
  });
}
