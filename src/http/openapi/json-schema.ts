// JSON Schema (2020-12) as plain data, and the few builders the document's tables share.

/**
 * A JSON Schema (2020-12) or OpenAPI object as plain data. Kept loose on purpose: the
 * document is checked by a real OpenAPI 3.1 validator in the tests, not by this type.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

type Properties = Readonly<Record<string, JsonSchema>>;

/**
 * A reference to `components.schemas[name]`.
 *
 * @example
 * ref('Installation'); // { $ref: '#/components/schemas/Installation' }
 */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * An open object schema; every property is required unless `required` names fewer.
 *
 * @example
 * object({ id: { type: 'integer' } }); // { type: 'object', required: ['id'], properties: { id: … } }
 */
export function object(properties: Properties, required = Object.keys(properties)): JsonSchema {
  return { type: 'object', ...(required.length > 0 ? { required } : {}), properties };
}

/**
 * {@link object} with a description.
 *
 * @example
 * describedObject('A point.', { lat: { type: 'number' } }).description; // 'A point.'
 */
export function describedObject(
  description: string,
  properties: Properties,
  required = Object.keys(properties),
): JsonSchema {
  return { type: 'object', description, ...object(properties, required) };
}

/**
 * An array schema; `bounds` holds `minItems`/`maxItems`.
 *
 * @example
 * list(ref('Value')); // { type: 'array', items: { $ref: '#/components/schemas/Value' } }
 */
export function list(items: JsonSchema, description?: string, bounds = {}): JsonSchema {
  return { type: 'array', ...(description === undefined ? {} : { description }), items, ...bounds };
}
