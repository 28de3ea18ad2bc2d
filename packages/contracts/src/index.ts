export {
  type BrokerAuth,
  brokerAuthorization,
  type PublishedPact,
  type PublishOptions,
  publishPacts,
} from './broker/publish-pacts.js';
export { main as runCli } from './cli/main.js';
export {
  type CheckArea,
  type CheckResult,
  type CheckStatus,
  type ConformanceCheck,
  Violations,
} from './conformance/check.js';
export { ConformanceContext, type ConformanceOptions } from './conformance/context.js';
export { formatCheckLine, formatSummary } from './conformance/report.js';
export {
  type ConformanceReport,
  conformanceChecks,
  type RunOptions,
  runConformance,
} from './conformance/runner.js';
export {
  documentedStatusesOf,
  type EndpointStatus,
  endpointOfRequest,
  type PactCoverage,
  pactCoverage,
  readPactInteractions,
} from './coverage.js';
export {
  type DocumentedResponse,
  type FuzzOperation,
  type FuzzParameter,
  type OpenApiDocument,
  operationsOf,
  type SchemaReading,
  SchemaValidator,
  toJsonSchema,
} from './document/openapi-document.js';
export { endpointById, nearestEndpointIds } from './endpoint-lookup.js';
export { errorBodySchemaFor } from './error-bodies.js';
export {
  type BodyJudge,
  type Judgement,
  type JudgeOptions,
  judgeExchange,
  judgeResponse,
} from './exchange/judge-exchange.js';
export { type JudgedDocument, judgedDocumentOf } from './exchange/judged-document.js';
export type {
  DecisionSummary,
  ExchangeOrigin,
  ExchangeReport,
  OperationSummary,
  ReportedFinding,
} from './exchange/report.js';
export { exchangeReportMarkdown, formatExchangeReport } from './exchange/report-text.js';
export type {
  ExchangeCheck,
  ExchangeFinding,
  HeaderBag,
  RecordedExchange,
  RecordedRequest,
  RecordedResponse,
  Verdict,
} from './exchange/types.js';
export {
  curlOf,
  type FuzzCheck,
  type FuzzExemption,
  type FuzzFinding,
  type FuzzOptions,
  type FuzzPhase,
  type FuzzReport,
  type FuzzRequest,
  type FuzzStep,
  formatReplayReport,
  fuzz,
  type ReplayOptions,
  type ReplayReport,
  replay,
  type StepBinding,
  urlOf,
} from './fuzz/fuzz.js';
export { formatFuzzReport } from './fuzz/report.js';
export { type CheckHarOptions, checkHar } from './har/check-har.js';
export {
  type HarToPactOptions,
  type HarToPactResult,
  harToPact,
  type LeftOutEntry,
} from './har/har-to-pact.js';
export {
  type Criterion,
  type Figure,
  HIGHEST_MEASURED_LEVEL,
  type JournalCoverage,
  type JournalCoverageOptions,
  type JournalExchange,
  journalCoverage,
  type OperationCoverage,
} from './journal-coverage.js';
export { formatJournalCoverage } from './journal-coverage-text.js';
export { type JournalRead, readJournalSource, readJournalSources } from './journal-source.js';
export { combineNullableRules, combineNullableRulesInPact } from './matchers/combine-nullable-rules.js';
export { type PactMatcherOptions, type PactTemplate, pactMatchersFor } from './matchers/pact-matchers-for.js';
export {
  type CheckPactOptions,
  checkPact,
  formatPactCheck,
  type JsonSource,
  type OpenApiCheck,
  type OpenApiFinding,
} from './openapi/check-pact.js';
export { PROVIDER_NAME } from './provider/provider-name.js';
export { type BodyRewrite, renameField } from './provider/proxy.js';
export {
  type ReferenceProvider,
  type ReferenceProviderOptions,
  startReferenceProvider,
} from './provider/reference-provider.js';
export type { ReferenceServerTokens } from './provider/reference-servers.js';
export {
  defineStateHandlers,
  type ProviderStateHandlers,
  type StateHandler,
  type StateSetup,
} from './provider/state-handlers.js';
export {
  type BrokerSource,
  type ConsumerVersionSelector,
  pactFilesIn,
  type VerifyProviderOptions,
  type VerifyProviderResult,
  verifyProvider,
} from './provider/verify-provider.js';
export {
  describeState,
  PROVIDER_STATES,
  type ProviderState,
  type ProviderStateName,
  providerState,
  type StateParamNames,
  type StateParams,
  state,
} from './provider-states.js';
export type { ExchangeLogLine } from './proxy/exchange-log.js';
export { VIOLATIONS_HEADER } from './proxy/forward.js';
export {
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_TIMEOUT_MS,
  type ProxyOptions,
  startValidatingProxy,
  type ValidatingProxy,
} from './proxy/start-proxy.js';
