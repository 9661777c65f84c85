import { readFileSync } from 'node:fs';
import type { ReferenceIndexTypeName } from './index-reference-tables.js';

/** A text in every language airq speaks. */
export interface GoldenText {
  readonly en: string;
  readonly pl: string;
}

/** Description and advice of one level. */
export interface GoldenLevelTexts {
  readonly description: GoldenText;
  readonly advice: GoldenText;
}

/**
 * The level texts (description and advice, English and Polish) per index and level. The
 * wording is the project's own, not a fact of the reference, so it lives in a golden fixture
 * (`test/indexes/__fixtures__/index-level-texts.json`), written once from the tables as they
 * were and reviewed like code: change it only on purpose and read the diff.
 */
export const GOLDEN_LEVEL_TEXTS: Readonly<
  Record<ReferenceIndexTypeName, Readonly<Record<string, GoldenLevelTexts>>>
> = JSON.parse(
  readFileSync(new URL('../indexes/__fixtures__/index-level-texts.json', import.meta.url), 'utf8'),
);
