/**
 * A JSON Schema (2020-12) or OpenAPI object as plain data. Kept loose on purpose: the
 * document is checked by a real OpenAPI 3.1 validator in the tests, not by this type.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * A reference to `components.schemas[name]`.
 *
 * @example
 * ref('Installation'); // { $ref: '#/components/schemas/Installation' }
 */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * An open object schema whose properties are all required but those named in `optional`
 * (`required` is left out when none is).
 *
 * @example
 * object({ id: { type: 'integer' } }); // { type: 'object', required: ['id'], properties: { id: … } }
 */
export function object(
  properties: Readonly<Record<string, JsonSchema>>,
  description?: string,
  optional: readonly string[] = [],
): JsonSchema {
  const required = Object.keys(properties).filter((name) => !optional.includes(name));
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    ...(required.length === 0 ? {} : { required }),
    properties,
  };
}
