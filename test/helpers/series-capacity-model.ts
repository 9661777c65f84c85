// The memory policy of TimeSeries, written out from its documentation as a model: capacity
// grows to 1.4 × what is needed (at least 16), a full buffer with enough dead room in front is
// compacted instead of grown, pruning that leaves the buffer more than 4 × too large shrinks it,
// and trimming leaves exactly the live samples. Bytes are 16 per slot plus the chunk tree.

const GROWTH = 1.4;
const MIN_CAPACITY = 16;
const SHRINK_RATIO = 4;

/** Bytes of the chunk tree for a capacity: 8 × 2 × (complete chunks of 32, at least 1). */
export function treeBytes(capacity: number): number {
  return 8 * 2 * Math.max(1, Math.floor(capacity / 32));
}

/** Where the live samples sit in the buffer, and how large it is. */
export class CapacityModel {
  capacity: number;
  head = 0;
  end = 0;

  constructor(initialCapacity = MIN_CAPACITY) {
    this.capacity = initialCapacity;
  }

  get byteLength(): number {
    return 16 * this.capacity + treeBytes(this.capacity);
  }

  /** `added` new samples (not replacements) arrive. */
  add(added: number): void {
    if (added === 0) return;
    if (this.end + added > this.capacity) {
      const live = this.end - this.head;
      const target = Math.max(MIN_CAPACITY, Math.ceil((live + added) * GROWTH));
      if (target > this.capacity) this.capacity = target;
      this.end = live;
      this.head = 0;
    }
    this.end += added;
  }

  /** `removed` of the oldest samples are pruned. */
  prune(removed: number): void {
    if (removed === 0) return;
    this.head += removed;
    if (this.head === this.end) {
      this.head = 0;
      this.end = 0;
    }
    const live = this.end - this.head;
    if (this.capacity > SHRINK_RATIO * Math.max(MIN_CAPACITY, live)) {
      this.capacity = Math.max(MIN_CAPACITY, Math.ceil(live * GROWTH));
      this.head = 0;
      this.end = live;
    }
  }

  trim(): void {
    const live = this.end - this.head;
    this.capacity = live;
    this.head = 0;
    this.end = live;
  }
}
