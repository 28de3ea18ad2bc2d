import { type EndpointDefinition, exampleStatesOf, type ProviderState } from '@org/model';

/** What a recorded exchange says about the records it touched, in the shape of an endpoint's example. */
export interface RecordedCall {
  readonly params: Readonly<Record<string, string>>;
  readonly query: ReadonlyArray<readonly [string, string]>;
  readonly body: unknown;
  readonly response: unknown;
}

/**
 * The provider states that make a recorded answer true on a reset sandbox: the model's own
 * derivation (`exampleStatesOf`) applied to the recording as if it were the endpoint's example, so
 * `GET /conversations/1042/` needs the conversation 1042, a note created for contact 3 needs that
 * contact, and a list needs the record its first item shows. Only successes need records: an error
 * answer (a 404 for an id that does not exist) is what a reset sandbox gives without any.
 */
export function recordedStatesOf(
  ep: EndpointDefinition,
  status: number,
  call: RecordedCall,
): ProviderState[] {
  if (status >= 300) return [];
  const example = {
    params: { ...call.params },
    query: Object.fromEntries(call.query),
    body: call.body,
    response: call.response,
  };
  try {
    return exampleStatesOf({ ...ep, example }, status);
  } catch {
    // The registry knows no record behind this path (a view of the organization, say): nothing to set up.
    return [];
  }
}
