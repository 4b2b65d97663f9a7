import { describe, expect, it } from 'vitest';
import { buildTree, flattenTree, inTreeOrder, moveTargets, type TreeItem } from './tree';

function item(id: string, name: string, parentId: string | null, parentPath = ''): TreeItem {
  return { id, name, parentId, path: parentPath ? `${parentPath} / ${name}` : name };
}

// Listed children first and out of order, as nothing promises the server's order.
const items = [
  item('bin', 'Bin 1', 'shelf-b', 'Main / Shelf B'),
  item('shelf-b', 'Shelf B', 'main', 'Main'),
  item('shelf-a', 'Shelf A', 'main', 'Main'),
  item('spare', 'Annex', null),
  item('main', 'Main', null),
];

describe('buildTree', () => {
  it('nests each node under its parent, siblings by name, each knowing its depth', () => {
    const roots = buildTree(items);
    expect(roots.map((node) => node.name)).toEqual(['Annex', 'Main']);
    const main = roots[1];
    expect(main?.children.map((node) => [node.name, node.depth])).toEqual([
      ['Shelf A', 1],
      ['Shelf B', 1],
    ]);
    expect(main?.children[1]?.children.map((node) => [node.name, node.depth])).toEqual([['Bin 1', 2]]);
  });

  it('makes a node whose parent is not in the list a root rather than losing it', () => {
    const roots = buildTree([item('orphan', 'Orphan', 'gone'), item('main', 'Main', null)]);
    expect(roots.map((node) => [node.name, node.depth])).toEqual([
      ['Main', 0],
      ['Orphan', 0],
    ]);
  });

  it('leaves the items it was given as they were', () => {
    const before = structuredClone(items);
    buildTree(items);
    expect(items).toEqual(before);
  });
});

describe('flattenTree and inTreeOrder', () => {
  it('list every node followed by its descendants', () => {
    const order = ['Annex', 'Main', 'Shelf A', 'Shelf B', 'Bin 1'];
    expect(flattenTree(buildTree(items)).map((node) => node.name)).toEqual(order);
    expect(inTreeOrder(items).map((each) => each.name)).toEqual(order);
  });

  it('give back the items as the server sent them, without the tree bookkeeping', () => {
    expect(inTreeOrder(items)[0]).toBe(items[3]);
  });
});

describe('moveTargets', () => {
  const roots = buildTree(items);
  const targets = (id: string) => moveTargets(roots, id).map((node) => node.id);

  it('offers every node but the one moved and everything below it', () => {
    expect(targets('shelf-b')).toEqual(['spare', 'main', 'shelf-a']);
    expect(targets('main')).toEqual(['spare']);
  });

  it('still offers the current parent and the siblings of a leaf', () => {
    expect(targets('bin')).toEqual(['spare', 'main', 'shelf-a', 'shelf-b']);
  });
});
