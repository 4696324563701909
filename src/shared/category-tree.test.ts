import { describe, expect, it } from "vitest";
import { ancestorIds, categoryTree, inTreeOrder, subtreeHeight, subtreeIds } from "./category-tree.ts";

const rows = [
  { id: 1, parent_id: null, position: 2 },
  { id: 2, parent_id: null, position: 1 },
  { id: 3, parent_id: 1, position: 2 },
  { id: 4, parent_id: 1, position: 1 },
  { id: 5, parent_id: 4, position: 1 },
  { id: 6, parent_id: 99, position: 0 },
];

describe("category tree", () => {
  it("orders parents by position, each followed by its children, depth first; an orphan goes to the top", () => {
    expect(inTreeOrder(rows).map((row) => [row.id, row.depth])).toEqual([
      [6, 0],
      [2, 0],
      [1, 0],
      [4, 1],
      [5, 2],
      [3, 1],
    ]);
  });

  it("finds subtrees, ancestors and heights", () => {
    expect(subtreeIds(rows, 1).sort()).toEqual([1, 3, 4, 5]);
    expect(subtreeIds(rows, 2)).toEqual([2]);
    expect(ancestorIds(rows, 5)).toEqual([4, 1]);
    expect(ancestorIds(rows, 2)).toEqual([]);
    expect(subtreeHeight(rows, 1)).toBe(2);
    expect(subtreeHeight(rows, 3)).toBe(0);
  });

  it("does not loop on a cycle", () => {
    const cycle = [
      { id: 1, parent_id: 2 },
      { id: 2, parent_id: 1 },
    ];
    expect(ancestorIds(cycle, 1)).toEqual([2, 1]);
    expect(subtreeIds(cycle, 1).sort()).toEqual([1, 2]);
  });

  it("nests the list for menus", () => {
    const tree = categoryTree(rows);
    expect(tree.map((node) => node.category.id)).toEqual([6, 2, 1]);
    expect(tree[2]!.children.map((node) => node.category.id)).toEqual([4, 3]);
    expect(tree[2]!.children[0]!.children.map((node) => node.category.id)).toEqual([5]);
  });
});
