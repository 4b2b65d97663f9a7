import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { deleteQuestion, detailActions } from './detail-actions';

describe('detailActions', () => {
  it('lets an administrator edit, archive, delete and make every movement of an active component', () => {
    expect(detailActions('administrator', false)).toEqual({
      edit: true,
      archiveOrRestore: 'archive',
      delete: true,
      movementKinds: ['receipt', 'issue', 'transfer', 'adjustment'],
    });
  });

  it('offers restore instead of archive, and no movement, on an archived component', () => {
    expect(detailActions('administrator', true)).toEqual({
      edit: true,
      archiveOrRestore: 'restore',
      delete: true,
      movementKinds: [],
    });
  });

  it('lets a worker edit and move stock, but neither archive nor delete', () => {
    expect(detailActions('worker', false)).toEqual({
      edit: true,
      archiveOrRestore: null,
      delete: false,
      movementKinds: ['receipt', 'issue', 'transfer'],
    });
    expect(detailActions('worker', true).movementKinds).toEqual([]);
  });

  it('lets a manager, or someone not known yet, only look', () => {
    const onlyLooks = { edit: false, archiveOrRestore: null, delete: false, movementKinds: [] };
    expect(detailActions('manager', false)).toEqual(onlyLooks);
    expect(detailActions(undefined, false)).toEqual(onlyLooks);
  });
});

describe('deleteQuestion', () => {
  const inUse = new ApiError(409, 'COMPONENT_IN_USE');

  it('asks to delete a component that never moved', () => {
    expect(deleteQuestion(false, false, null)).toBe('delete');
    expect(deleteQuestion(false, true, null)).toBe('delete');
  });

  it('offers archiving instead for a component with movements, from the start', () => {
    expect(deleteQuestion(true, false, null)).toBe('archiveInstead');
  });

  it('has nothing to offer for a component with movements that is archived already', () => {
    expect(deleteQuestion(true, true, null)).toBe('nothingToDo');
  });

  it('turns to archiving when the server refuses because movements arrived meanwhile', () => {
    expect(deleteQuestion(false, false, inUse)).toBe('archiveInstead');
    expect(deleteQuestion(false, true, inUse)).toBe('nothingToDo');
  });

  it('still asks to delete after another failure, which the dialog shows', () => {
    expect(deleteQuestion(false, false, new ApiError(0, 'NETWORK_ERROR'))).toBe('delete');
  });
});
