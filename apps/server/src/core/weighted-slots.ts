/**
 * Admits work up to a total weight at a time; the rest waits, in the order it came. Work heavier
 * than the whole capacity is admitted alone, so nothing waits forever.
 *
 * Written here rather than taken from a library: p-limit and its kin count tasks, not weights, and
 * this is the whole of it.
 */
export class WeightedSlots {
  #inUse = 0;
  readonly #waiting: Array<{ weight: number; admit: () => void }> = [];

  constructor(readonly capacity: number) {}

  /** Runs `work` once `weight` fits beside what is running; frees it when the work settles. */
  async run<T>(weight: number, work: () => Promise<T>): Promise<T> {
    await this.#acquire(weight);
    try {
      return await work();
    } finally {
      this.#release(weight);
    }
  }

  /** Weight admitted and not yet released. */
  get inUse(): number {
    return this.#inUse;
  }

  #fits(weight: number): boolean {
    return this.#inUse === 0 || this.#inUse + weight <= this.capacity;
  }

  #acquire(weight: number): Promise<void> {
    if (this.#waiting.length === 0 && this.#fits(weight)) {
      this.#inUse += weight;
      return Promise.resolve();
    }
    return new Promise((admit) => this.#waiting.push({ weight, admit }));
  }

  #release(weight: number): void {
    this.#inUse -= weight;
    for (let next = this.#waiting[0]; next && this.#fits(next.weight); next = this.#waiting[0]) {
      this.#waiting.shift();
      this.#inUse += next.weight;
      next.admit();
    }
  }
}
