import type { IndexTypeName } from '../indexes/index-table.js';
import type { NetworkInstallation, NetworkPayload } from './measurements-service.js';

// A network answer holds up to tens of thousands of elements, and after one late sample only
// one of them is new: serialising the whole payload again cost most of such an answer (issue
// 39). So `NetworkIndexes` serialises each element once, when it computes it, and hands the
// texts out with the payload; the adapter joins them (network-runs.ts) and serialises and
// compresses again only the pieces that changed.

/** Where a network payload keeps its elements' JSON: a symbol, invisible to JSON.stringify. */
export const ELEMENT_JSON: unique symbol = Symbol('airq.networkElementJson');

/** A network payload with the JSON text of each element, in the order of `installations`. */
export interface NetworkPayloadWithJson extends NetworkPayload {
  readonly [ELEMENT_JSON]: readonly string[];
}

/**
 * The UTF-8 JSON of a network payload as `opening`, the elements separated by commas, and
 * `closing`: exactly the bytes of `JSON.stringify(payload)`.
 */
export interface NetworkBodyParts {
  /** `{"indexType":"…","installations":[` */
  readonly opening: string;
  /** Each element's JSON; the same string, not only an equal one, while the element is kept. */
  readonly elements: readonly string[];
  /** `]}` */
  readonly closing: string;
}

/**
 * The frozen network payload of `installations`, with `elementJson` (the `JSON.stringify` of
 * each element, same order) kept under {@link ELEMENT_JSON}, non-enumerable: `Object.keys`,
 * equality checks and `JSON.stringify` see `indexType` and `installations` only.
 *
 * @example
 * const payload = networkPayloadWithJson('CAQI', [element], [JSON.stringify(element)]);
 * JSON.stringify(payload); // '{"indexType":"CAQI","installations":[{"id":1,…}]}'
 */
export function networkPayloadWithJson(
  indexType: IndexTypeName,
  installations: readonly NetworkInstallation[],
  elementJson: readonly string[],
): NetworkPayloadWithJson {
  const payload = { indexType, installations: Object.freeze(installations) };
  Object.defineProperty(payload, ELEMENT_JSON, {
    value: Object.freeze(elementJson),
    enumerable: false,
  });
  return Object.freeze(payload) as NetworkPayloadWithJson;
}

/**
 * The parts of a payload made by {@link networkPayloadWithJson}; `undefined` for any other
 * value (serialise it whole).
 *
 * @example
 * networkBodyParts(payload)?.opening; // '{"indexType":"CAQI","installations":['
 * networkBodyParts({ indexType: 'CAQI', installations: [] }); // undefined
 */
export function networkBodyParts(payload: unknown): NetworkBodyParts | undefined {
  if (typeof payload !== 'object' || payload === null || !(ELEMENT_JSON in payload)) {
    return undefined;
  }
  const { indexType, [ELEMENT_JSON]: elements } = payload as NetworkPayloadWithJson;
  return {
    opening: `{"indexType":${JSON.stringify(indexType)},"installations":[`,
    elements,
    closing: ']}',
  };
}
