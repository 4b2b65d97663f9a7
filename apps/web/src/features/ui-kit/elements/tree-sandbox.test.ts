import { describe, expect, it } from 'vitest';
import { changeItem, removeItem, withPaths } from './tree-sandbox';

const ITEMS = [
  { id: 'main', name: 'Main', parentId: null, path: '' },
  { id: 'shelf', name: 'Shelf A', parentId: 'main', path: '' },
  { id: 'bin', name: 'Bin 1', parentId: 'shelf', path: '' },
  { id: 'annex', name: 'Annex', parentId: null, path: '' },
];

const paths = (items: readonly { path: string }[]) => items.map((item) => item.path);

describe('withPaths', () => {
  it('joins the names from the root as the server does', () => {
    expect(paths(withPaths(ITEMS))).toEqual(['Main', 'Main / Shelf A', 'Main / Shelf A / Bin 1', 'Annex']);
  });

  it('starts the path at an item whose parent is missing, and ends a loop', () => {
    const orphan = [{ id: 'a', name: 'A', parentId: 'gone', path: '' }];
    expect(paths(withPaths(orphan))).toEqual(['A']);
    const loop = [
      { id: 'a', name: 'A', parentId: 'b', path: '' },
      { id: 'b', name: 'B', parentId: 'a', path: '' },
    ];
    expect(paths(withPaths(loop))).toEqual(['B / A', 'A / B']);
  });
});

describe('changeItem', () => {
  it('renames an item and the paths below it', () => {
    expect(paths(changeItem(withPaths(ITEMS), 'shelf', { name: 'Shelf B' }))).toEqual([
      'Main',
      'Main / Shelf B',
      'Main / Shelf B / Bin 1',
      'Annex',
    ]);
  });

  it('moves an item with everything below it', () => {
    const moved = changeItem(withPaths(ITEMS), 'shelf', { parentId: 'annex' });
    expect(paths(moved)).toEqual(['Main', 'Annex / Shelf A', 'Annex / Shelf A / Bin 1', 'Annex']);
    expect(paths(changeItem(moved, 'shelf', { parentId: null }))).toContain('Shelf A / Bin 1');
  });
});

describe('removeItem', () => {
  it('removes an item with its descendants and leaves the rest', () => {
    expect(removeItem(ITEMS, 'main').map((item) => item.id)).toEqual(['annex']);
    expect(removeItem(ITEMS, 'bin').map((item) => item.id)).toEqual(['main', 'shelf', 'annex']);
  });
});
