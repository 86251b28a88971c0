import type { TCategory } from '@dance/domain';

/** Library categories: every category with a page of its own except Classes (spec 1 §2). */
export function selectLibraryCategories(categories: readonly TCategory[]): TCategory[] {
  return categories.filter((c) => c.routePath !== null && c.routePath.toLowerCase() !== '/classes');
}

/** A section's URL namespace on /AllVideos: its route without the slash, lower case ("acrossthefloor"). */
export function namespaceOf(category: TCategory): string {
  return (category.routePath ?? category.id).replace(/^\/+/, '').toLowerCase();
}
