/**
 * Categories nest (`parent_id`, docs/decisions/0031-catalogue-settings.md). These helpers work on the flat list
 * the API answers, on both sides: the API orders it and finds a category's subtree, the storefront draws menus.
 */

export interface TreeCategory {
  id: number;
  parent_id: number | null;
  position?: number;
}

/**
 * The categories in menu order: each top-level category (by position, then id) followed by its subcategories,
 * depth first, with each one's depth (0 at the top). A row whose parent is missing counts as top-level; a cycle
 * (which the API refuses to make) cannot loop: each row is placed once.
 */
export function inTreeOrder<T extends TreeCategory>(rows: readonly T[]): (T & { depth: number })[] {
  const ids = new Set(rows.map((row) => row.id));
  const byPosition = (a: T, b: T) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id;
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const placed = new Set<number>();
  const out: (T & { depth: number })[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const row of (children.get(parent) ?? []).toSorted(byPosition)) {
      if (placed.has(row.id)) continue;
      placed.add(row.id);
      out.push({ ...row, depth });
      visit(row.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** `id` and every category under it, at any depth. */
export function subtreeIds(rows: readonly TreeCategory[], id: number): number[] {
  const found = [id];
  const seen = new Set(found);
  for (let i = 0; i < found.length; i++) {
    for (const row of rows) {
      if (row.parent_id === found[i] && !seen.has(row.id)) {
        seen.add(row.id);
        found.push(row.id);
      }
    }
  }
  return found;
}

/** The categories above `id`, nearest first (empty for a top-level one). */
export function ancestorIds(rows: readonly TreeCategory[], id: number): number[] {
  const parents = new Map(rows.map((row) => [row.id, row.parent_id]));
  const out: number[] = [];
  for (let parent = parents.get(id) ?? null; parent !== null && !out.includes(parent); ) {
    out.push(parent);
    parent = parents.get(parent) ?? null;
  }
  return out;
}

/** How far down the deepest category under `id` sits, counting `id` itself as 0. */
export function subtreeHeight(rows: readonly TreeCategory[], id: number): number {
  const below = rows.filter((row) => row.parent_id === id);
  return below.length === 0 ? 0 : 1 + Math.max(...below.map((row) => subtreeHeight(rows, row.id)));
}

export interface CategoryNode<T> {
  category: T;
  children: CategoryNode<T>[];
}

/** The list as a tree (for nested menus), in menu order. */
export function categoryTree<T extends TreeCategory>(rows: readonly T[]): CategoryNode<T>[] {
  const roots: CategoryNode<T>[] = [];
  const stack: CategoryNode<T>[] = [];
  for (const row of inTreeOrder(rows)) {
    const node = { category: row as T, children: [] };
    stack.length = row.depth;
    const parent = stack[row.depth - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}
