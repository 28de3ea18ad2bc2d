/**
 * D74: src/endpoint-io.generated.ts is what the client's calls are typed with; each of its entries
 * must be the type src/derived-types.ts infers from the model's schemas, under the settings a strict
 * consumer compiles with (tests/exact-optional.test.ts runs tsc on this file). A mismatch names
 * its endpoint and field in the error.
 */
import type { EndpointId } from '@org/model';
import type {
  DerivedBodyInput,
  DerivedParamsInput,
  DerivedParts,
  DerivedQueryInput,
  DerivedResponse,
} from '../../src/derived-types.js';
import type { EndpointIO } from '../../src/endpoint-io.generated.js';

interface Derived<Id extends EndpointId> {
  parts: DerivedParts<Id>;
  params: DerivedParamsInput<Id>;
  query: DerivedQueryInput<Id>;
  body: DerivedBodyInput<Id>;
  response: DerivedResponse<Id>;
}

/** Each assignable to the other. */
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The same type to the checker (what expectTypeOf's toEqualTypeOf compares, without its branding). */
type Identical<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type Mismatch = {
  [Id in EndpointId]: {
    [F in keyof Derived<Id>]: Equal<EndpointIO[Id][F], Derived<Id>[F]> extends true
      ? Identical<EndpointIO[Id][F], Derived<Id>[F]> extends true
        ? never
        : `${Id}.${F} (not identical)`
      : `${Id}.${F}`;
  }[keyof Derived<Id>];
}[EndpointId];

type SameKeys = Equal<keyof EndpointIO, EndpointId>;

export const everyEntryEqualsItsDerivation: [Mismatch] extends [never] ? true : Mismatch = true;
export const anEntryPerEndpoint: SameKeys = true;
