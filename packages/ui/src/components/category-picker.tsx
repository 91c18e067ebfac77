import type { CalendarCategoryTreeRoot, CalendarDisplaySettings } from '@city/survey-core';
import { useEffect, useId, useRef, useState } from 'react';
import { uiMessages } from '../messages.js';
import { Button } from './button.js';
import { Loading } from './loading.js';
import { Notice } from './notice.js';

export interface CategoryPickerProps {
  /** The category tree (`calendars/categories_tree`): up to three levels. */
  tree: CalendarCategoryTreeRoot[];
  /** The names of the three levels (大分類 / 中分類 / 小分類 by default). */
  labels: CalendarDisplaySettings['categoryLabels'];
  /** Called with the categoryId of the node chosen at the last level (a node with no children). */
  onPick: (categoryId: string) => void;
  /**
   * Start below this node (the survey's reservation item fixes part of the path). When it names a
   * node with no children the picker shows nothing: the caller goes straight to its calendar.
   */
  rootCategoryId?: string | undefined;
  state?: 'ready' | 'loading' | 'error';
  /** The error state's retry button; without it the error has no button. */
  onRetry?: (() => void) | undefined;
}

/** Any node of the tree, whatever its level. */
interface CategoryNode {
  name: string;
  categoryId?: string | undefined;
  children?: readonly CategoryNode[];
}

/** The label of the level at `depth` (0: the top level). */
function levelLabelAt(labels: CalendarDisplaySettings['categoryLabels'], depth: number): string {
  if (depth <= 0) return labels.tag1;
  return depth === 1 ? labels.tag2 : labels.tag3;
}

/** The nodes from the top down to the one with `categoryId`, or undefined when no node has it. */
function pathTo(nodes: readonly CategoryNode[], categoryId: string): CategoryNode[] | undefined {
  for (const node of nodes) {
    if (node.categoryId === categoryId) return [node];
    const below = pathTo(node.children ?? [], categoryId);
    if (below !== undefined) return [node, ...below];
  }
  return undefined;
}

const hasChildren = (node: CategoryNode): boolean => (node.children?.length ?? 0) > 0;

/**
 * Chooses a bookable category level by level: the first level's choices under its label (大分類),
 * then the next level's, only as deep as the tree goes. A node with no children is the choice
 * (`onPick`). A back button returns to the previous level; the new level's heading takes the
 * focus, so a screen reader announces where the citizen is.
 */
export function CategoryPicker({ tree, labels, onPick, rootCategoryId, state = 'ready', onRetry }: CategoryPickerProps) {
  // The nodes the citizen has chosen so far, below the fixed part of the path.
  const [chosen, setChosen] = useState<CategoryNode[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const headingId = useId();

  useEffect(() => {
    // Only after the citizen moved between levels: on first render the page's own heading leads.
    if (moved.current) headingRef.current?.focus();
  }, [chosen]);

  if (state === 'loading') return <Loading label={uiMessages.categoriesLoading} />;
  if (state === 'error') {
    return (
      <Notice tone="error">
        <p>{uiMessages.categoriesLoadFailed}</p>
        {onRetry === undefined ? null : (
          <Button variant="secondary" onClick={onRetry}>
            {uiMessages.retry}
          </Button>
        )}
      </Notice>
    );
  }

  const fixed = rootCategoryId === undefined ? [] : pathTo(tree, rootCategoryId);
  if (fixed === undefined) return <Notice>{uiMessages.noCategories}</Notice>;
  const fixedEnd = fixed[fixed.length - 1];
  // The survey already names a bookable category: nothing to pick here.
  if (fixedEnd !== undefined && !hasChildren(fixedEnd)) return null;

  const path = [...fixed, ...chosen];
  const parent = path[path.length - 1];
  const choices = (parent === undefined ? tree : (parent.children ?? [])).filter((node) => hasChildren(node) || node.categoryId !== undefined);
  if (choices.length === 0) return <Notice>{uiMessages.noCategories}</Notice>;
  const levelLabel = levelLabelAt(labels, path.length);
  const previousLabel = levelLabelAt(labels, path.length - 1);

  const choose = (node: CategoryNode) => {
    if (hasChildren(node)) {
      moved.current = true;
      setChosen([...chosen, node]);
    } else if (node.categoryId !== undefined) {
      onPick(node.categoryId);
    }
  };

  return (
    <div className="city-category">
      {path.length === 0 ? null : (
        <p className="city-category__path">
          {uiMessages.chosenCategories}: {path.map((node) => node.name).join(uiMessages.categoryPathSeparator)}
        </p>
      )}
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="city-category__heading">
        {uiMessages.chooseCategory(levelLabel)}
      </h2>
      <ul className="city-category__choices" aria-labelledby={headingId}>
        {choices.map((node, index) => (
          <li key={`${String(index)}-${node.name}`}>
            <button
              type="button"
              className="city-category__choice"
              onClick={() => {
                choose(node);
              }}
            >
              <span>{node.name}</span>
              {hasChildren(node) ? <span className="city-category__chevron" aria-hidden="true">›</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {chosen.length === 0 ? null : (
        <Button
          variant="secondary"
          onClick={() => {
            moved.current = true;
            setChosen(chosen.slice(0, -1));
          }}
        >
          {uiMessages.backToLevel(previousLabel)}
        </Button>
      )}
    </div>
  );
}
