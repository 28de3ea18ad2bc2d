export {
  combineNullableRules,
  combineNullableRulesInPact,
} from './matchers/combine-nullable-rules.js';
export { type PactMatcherOptions, type PactTemplate, pactMatchersFor } from './matchers/pact-matchers-for.js';
export {
  describeState,
  PROVIDER_STATES,
  type ProviderState,
  type ProviderStateName,
  type StateParamNames,
  type StateParams,
  state,
} from './provider-states.js';
