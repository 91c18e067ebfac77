// Which calendars a reservation item books in: the categories at or below the item's categoryId,
// decided as the server decides it (apps/server's isSameOrBelow), so staff are never offered a
// venue the server would refuse with slot_not_found.
import type { CalendarCategories } from '../../store/staff-api.js';

export type Category = CalendarCategories['categories'][number];

/** Whether `category` is `ancestor` or below it in the tree (its path starts with the ancestor's). */
export function isSameOrBelow(category: Category, ancestor: Category): boolean {
  return (
    category.tag1 === ancestor.tag1 &&
    (ancestor.tag2 === undefined || category.tag2 === ancestor.tag2) &&
    (ancestor.tag3 === undefined || category.tag3 === ancestor.tag3)
  );
}

/**
 * The bookable categories (those with a calendar) a reservation item may book: every one when the
 * item names no category, none when it names one the tree does not have (the server would refuse
 * every slot), else those at or below it.
 */
export function bookableCategoriesFor(categories: readonly Category[], itemCategoryId: string | undefined): Category[] {
  const bookable = categories.filter((category) => category.calendarId !== undefined);
  if (itemCategoryId === undefined) return bookable;
  const root = categories.find((category) => category.categoryId === itemCategoryId);
  if (root === undefined) return [];
  return bookable.filter((category) => isSameOrBelow(category, root));
}

/** A bookable category as staff read it: its levels joined (健康診断 / 特定健診 / 中央保健センター). */
export const categoryLabel = (category: Category) => [category.tag1, category.tag2, category.tag3].filter((tag) => tag !== undefined && tag !== '').join(' / ');
