/**
 * Where each kind of id starts. Distinct, realistic-looking ranges make a confused id (a contact id
 * used as a conversation id) fail loudly in tests instead of silently hitting another row.
 */
export const BASE_IDS = {
  customer: 101,
  organization: 201,
  apiToken: 1,
  widget: 301,
  operatorGroup: 401,
  operator: 501,
  topic: 1_001,
  goal: 2_001,
  contact: 100_001,
  note: 500_001,
  navigationEvent: 800_001,
  conversation: 1_000_001,
  conversationPart: 3_000_001,
  analyticsDataPoint: 1,
} as const;

export type IdKind = keyof typeof BASE_IDS;

/** Hands out ids in order per kind; generation order is fixed, so ids are deterministic. */
export class IdAllocator {
  private readonly nextIds = new Map<IdKind, number>();

  next(kind: IdKind): number {
    const id = this.nextIds.get(kind) ?? BASE_IDS[kind];
    this.nextIds.set(kind, id + 1);
    return id;
  }

  /** A block of `count` consecutive ids; returns the first. */
  block(kind: IdKind, count: number): number {
    const first = this.nextIds.get(kind) ?? BASE_IDS[kind];
    this.nextIds.set(kind, first + count);
    return first;
  }
}
