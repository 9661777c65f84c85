import type { IndexTypeMeta } from '../../model/api-types.js';
import type { PageTexts } from './page-texts.js';
import { h, swatch } from './panel-view.js';

/**
 * The legend of the chosen index (`data-testid="legend"`): each level's colour, its
 * translated description and its range of index values, as `/v2/meta/indexes` lists them.
 */
export function renderLegend(
  container: HTMLElement,
  index: IndexTypeMeta | undefined,
  texts: PageTexts,
): void {
  if (index === undefined) {
    container.replaceChildren();
    return;
  }
  const items = index.levels.map((level) =>
    h(
      'li',
      { 'data-level': level.level, 'data-color': level.color },
      swatch(level.color),
      h('span', { class: 'level' }, level.description),
      h('span', { class: 'range' }, level.values),
    ),
  );
  container.replaceChildren(
    h('h2', {}, `${texts.legendTitle}: ${index.name}`),
    h('ul', {}, ...items),
  );
}

/** The index types in the selector's order: VENDOR_CAQI (the API's default) first, then as listed. */
export function selectorOrder(indexTypes: readonly IndexTypeMeta[]): string[] {
  const names = indexTypes.map((index) => index.name);
  return [
    ...names.filter((name) => name === 'VENDOR_CAQI'),
    ...names.filter((name) => name !== 'VENDOR_CAQI'),
  ];
}
