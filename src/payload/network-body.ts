import type { NetworkPayload } from './measurements-service.js';

// A network answer holds up to tens of thousands of elements, and after one late sample only
// one of them is new: serialising the whole payload again cost most of such an answer (issue
// 39). So `NetworkIndexes` serialises each element once, when it computes it, and hands the
// texts out beside the payload (`NetworkResult.elementJson`); the adapter joins them
// (network-runs.ts) and serialises and compresses again only the pieces that changed.

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
 * The parts of a network payload whose elements' JSON is `elementJson` (the `JSON.stringify` of
 * each element of `payload.installations`, in order): put together, exactly the bytes of
 * `JSON.stringify(payload)`.
 *
 * @example
 * networkBodyParts({ indexType: 'CAQI', installations: [element] }, [JSON.stringify(element)]).opening;
 * // '{"indexType":"CAQI","installations":['
 */
export function networkBodyParts(
  payload: NetworkPayload,
  elementJson: readonly string[],
): NetworkBodyParts {
  return {
    opening: `{"indexType":${JSON.stringify(payload.indexType)},"installations":[`,
    elements: elementJson,
    closing: ']}',
  };
}
