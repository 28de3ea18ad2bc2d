import type { FuzzOperation } from '../../document/openapi-document.js';
import type { FuzzRequest } from '../generate.js';
import type { Answer, FuzzStep, Observation } from '../types.js';

/**
 * What a step's answer must show for the walk to hold, besides what every answer owes the document:
 * `available` 2xx (the record can be read or changed), `listed` the record among the results,
 * `read-back` 2xx with the values the update answered, `denied` no 2xx for the other organization,
 * `gone` no 2xx after the delete, `unlisted` not among the results after it, `no-children` no child
 * listed after it; `none` nothing more.
 */
export type Expectation =
  | 'none'
  | 'available'
  | 'listed'
  | 'read-back'
  | 'denied'
  | 'gone'
  | 'unlisted'
  | 'no-children';

/** One step of a walk before it is sent: bound values are filled in from earlier answers. */
export interface StepTemplate extends Omit<FuzzStep, 'request' | 'origin' | 'expect'> {
  readonly op: FuzzOperation;
  readonly req: FuzzRequest;
  readonly expect: Expectation;
}

/** A sequence of steps; the record it walks is the answer of its first step at `recordPointer`. */
export interface Sequence {
  readonly steps: readonly StepTemplate[];
  /** Where the first step's answer holds the record (`/id`, `/results/3/id` for a found one). */
  readonly recordPointer: string;
}

/** A step as it was sent and answered (skipped steps are not sent: a value or a step they need failed). */
export interface SentStep {
  readonly template: StepTemplate;
  readonly req: FuzzRequest;
  readonly origin: string;
  readonly answer: Answer;
  readonly json: { readonly value: unknown } | undefined;
  readonly observations: readonly Observation[];
}

/** What running a sequence gave: each step's outcome (undefined where skipped). */
export interface SequenceRun {
  readonly sequence: Sequence;
  readonly sent: ReadonlyArray<SentStep | undefined>;
}
