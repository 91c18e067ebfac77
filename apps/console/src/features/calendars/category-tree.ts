// The category tree as staff see it. The server keeps categories as a flat list of paths (tag1,
// tag2, tag3; '' below the deepest level); a path's levels above it need no category of their own
// (a category file may list only venues), so such a level shows as a node without one.
import type { AdminCategory } from './calendar-admin-api.js';

export interface CategoryPath {
  tag1: string;
  tag2: string;
  tag3: string;
}

export interface TreeNode {
  /** The path's names joined, unique in the tree. */
  key: string;
  level: 1 | 2 | 3;
  name: string;
  path: CategoryPath;
  /** The category at this path, if there is one (a level a deeper path implies has none). */
  category: AdminCategory | undefined;
  children: TreeNode[];
}

/** `健康診断 / 特定健診 / 中央保健センター`. */
export const pathText = (path: CategoryPath) => [path.tag1, path.tag2, path.tag3].filter((tag) => tag !== '').join(' / ');

/** How deep a path goes: 1 to 3. */
export const levelOf = (path: CategoryPath): 1 | 2 | 3 => (path.tag3 !== '' ? 3 : path.tag2 !== '' ? 2 : 1);

const prefixes = (path: CategoryPath): CategoryPath[] => {
  const level = levelOf(path);
  return [
    { tag1: path.tag1, tag2: '', tag3: '' },
    ...(level >= 2 ? [{ tag1: path.tag1, tag2: path.tag2, tag3: '' }] : []),
    ...(level === 3 ? [path] : []),
  ];
};

/** The tree of the categories, in the server's order (each node where its first path appears). */
export function buildTree(categories: readonly AdminCategory[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const byKey = new Map<string, TreeNode>();
  for (const category of categories) {
    let siblings = roots;
    for (const path of prefixes(category)) {
      const key = pathText(path);
      let node = byKey.get(key);
      if (node === undefined) {
        const level = levelOf(path);
        node = { key, level, name: level === 1 ? path.tag1 : level === 2 ? path.tag2 : path.tag3, path, category: undefined, children: [] };
        byKey.set(key, node);
        siblings.push(node);
      }
      if (key === pathText(category)) node.category = category;
      siblings = node.children;
    }
  }
  return roots;
}

/** The path of a new category one level below a node, named `name`. */
export function childPath(parent: CategoryPath, name: string): CategoryPath {
  if (parent.tag2 === '') return { tag1: parent.tag1, tag2: name, tag3: '' };
  return { tag1: parent.tag1, tag2: parent.tag2, tag3: name };
}

/** The same node's path with its own (deepest) name changed. */
export function renamedPath(path: CategoryPath, name: string): CategoryPath {
  const level = levelOf(path);
  if (level === 1) return { tag1: name, tag2: '', tag3: '' };
  if (level === 2) return { ...path, tag2: name };
  return { ...path, tag3: name };
}

/** Whether a calendar can be made on the node: a category of its own, nothing below, no calendar yet. */
export const mayHaveCalendar = (node: TreeNode) => node.category !== undefined && node.category.calendar === null && node.children.length === 0;

/** The categories a new calendar may hang off (as the file screen offers them). */
export function calendarlessLeaves(categories: readonly AdminCategory[]): AdminCategory[] {
  const leaves: AdminCategory[] = [];
  const visit = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (mayHaveCalendar(node) && node.category !== undefined) leaves.push(node.category);
      visit(node.children);
    }
  };
  visit(buildTree(categories));
  return leaves;
}

/** A category id as the server takes it (half-width letters, digits, `_` and `-`, at most 64). */
export const isCategoryId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** A calendar id for a category: `cal-<categoryId>`, cut to the 64 characters an id may have. */
export const suggestedCalendarId = (categoryId: string) => `cal-${categoryId}`.slice(0, 64);
