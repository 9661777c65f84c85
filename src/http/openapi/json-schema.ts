/**
 * A JSON Schema (2020-12) or OpenAPI object as plain data. Kept loose on purpose: the
 * document is checked by a real OpenAPI 3.1 validator in the tests, not by this type.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };
