// JSON Schema (2020-12) as plain data, and the builders the document's tables share.

/**
 * A JSON Schema (2020-12) or OpenAPI object as plain data. Kept loose on purpose: the
 * document is checked by a real OpenAPI 3.1 validator in the tests, not by this type.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

type Properties = Readonly<Record<string, JsonSchema>>;

/** A reference to `components.schemas[name]`: `ref('Value')`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An open object whose properties are all required unless `required` names fewer: `object({ id })`. */
export const object = (properties: Properties, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  ...(required.length > 0 ? { required } : {}),
  properties,
});

/** {@link object} with a description: `describedObject('A point.', { lat, lng })`. */
export const describedObject = (description: string, properties: Properties, required?: string[]) =>
  ({ type: 'object', description, ...object(properties, required) }) as JsonSchema;

/** An array; `bounds` holds `minItems`/`maxItems`: `list(ref('Value'), 'Values.', { minItems: 1 })`. */
export const list = (items: JsonSchema, description?: string, bounds = {}): JsonSchema => ({
  type: 'array',
  ...(description === undefined ? {} : { description }),
  items,
  ...bounds,
});
