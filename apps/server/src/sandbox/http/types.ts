import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointDefinition } from '@org/model';
import type { HandlerResult, ParsedRequest } from '../../handlers/types.js';
import type { SandboxEndpointId, SandboxEndpoints } from '../api/endpoints.js';
import type { SandboxControl } from '../control.js';
import type { RequestJournal } from './journal.js';

/**
 * What a control handler receives, as the API's handlers do (handlers/types.ts): the request parsed
 * with its endpoint's schemas, typed from them; and what the control API acts on.
 */
export interface ControlContext<E extends EndpointDefinition = EndpointDefinition> extends ParsedRequest<E> {
  /** The request's headers: a record is made in the organization of their token. */
  headers: IncomingHttpHeaders;
  control: SandboxControl;
  journal: RequestJournal;
}

/** A control handler: one of its endpoint's success statuses, with the JSON text of that status's body. */
export type ControlHandler<E extends EndpointDefinition> = (
  ctx: ControlContext<E>,
) => Promise<HandlerResult<E>>;

/** Every control endpoint has exactly one handler (the compiler checks completeness and types). */
export type ControlHandlerTable = { [K in SandboxEndpointId]: ControlHandler<SandboxEndpoints[K]> };
