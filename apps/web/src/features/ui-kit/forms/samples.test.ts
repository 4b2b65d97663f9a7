import { ComponentDetail, ImportFileReading, ImportPreview, Problem } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PREVIEW, SAMPLE_PREVIEW_WITH_ERRORS, SAMPLE_READING } from './import-samples';
import { SAMPLE_MOVEMENT, sampleComponentDetail, sampleRefusal } from './samples';

describe("the forms kit's samples", () => {
  it('are what the server answers, so the steps and fields show them as they show real answers', () => {
    const detail = sampleComponentDetail('Cable', 'm', '120.5');
    expect(ComponentDetail.parse(detail)).toEqual(detail);
    expect(ImportFileReading.parse(SAMPLE_READING)).toEqual(SAMPLE_READING);
    expect(ImportPreview.parse(SAMPLE_PREVIEW)).toEqual(SAMPLE_PREVIEW);
    expect(ImportPreview.parse(SAMPLE_PREVIEW_WITH_ERRORS)).toEqual(SAMPLE_PREVIEW_WITH_ERRORS);
    expect(Problem.parse(sampleRefusal('RATE_LIMITED').problem)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("read the sample file as KiCad's, its required fields mapped from its header row under the title block", () => {
    const headers = SAMPLE_READING.topRows[SAMPLE_READING.mapping.headerRow - 1] ?? [];
    expect(SAMPLE_READING.preset).toBe('kicad');
    expect(headers[SAMPLE_READING.mapping.columns.sku ?? -1]).toBe('MPN');
    expect(headers[SAMPLE_READING.mapping.columns.name ?? -1]).toBe('Value');
  });

  it('give a movement the sample component at the location that holds its stock', () => {
    const detail = sampleComponentDetail('Cable', 'm', '120.5');
    expect(SAMPLE_MOVEMENT.componentId).toBe(detail.component.id);
    expect(detail.stock.map((row) => row.locationId)).toEqual([SAMPLE_MOVEMENT.locationId]);
  });

  it('the preview with errors has no import id: nothing can be committed, as the server answers such a file', () => {
    expect(SAMPLE_PREVIEW_WITH_ERRORS.importId).toBeNull();
    expect(SAMPLE_PREVIEW_WITH_ERRORS.errorCount).toBe(SAMPLE_PREVIEW_WITH_ERRORS.errors.length);
  });
});
