export type { Language } from '../model/api-types.js';
export type { LocalizedText } from './language.js';
export { negotiateLanguage } from './negotiate-language.js';
