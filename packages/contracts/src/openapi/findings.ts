/**
 * One finding of the check, in the shape of @pactflow/swagger-mock-validator's results (its codes:
 * `request.query.incompatible`, `response.body.incompatible`...), which a Pact Broker or PactFlow
 * shows for a provider contract; the engine's pointer, expected and got values and decision besides.
 */
export interface OpenApiFinding {
  readonly code: string;
  readonly message: string;
  readonly interaction: string;
  readonly status: number | undefined;
  readonly operationId?: string;
  /** A JSON pointer into the interaction (`/response/body/results/0/id`). */
  readonly pointer?: string;
  readonly expected?: string;
  readonly got?: string;
  /** The `x-um-decision` of the rule, when a decision made it. */
  readonly decision?: string;
  /** Who found it: the exchange engine, or swagger-mock-validator's cross-check. */
  readonly source?: 'engine' | 'swagger-mock-validator';
}

export interface OpenApiCheck {
  readonly interactions: number;
  readonly errors: OpenApiFinding[];
  readonly warnings: OpenApiFinding[];
}
