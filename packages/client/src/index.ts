/** The API's records as the model types them, so a project needs no direct import of @org/model. */
export type {
  AnalyticsDataPoint,
  Contact,
  ContactIdentity,
  Conversation,
  ConversationDetail,
  ConversationPart,
  ConversationStatus,
  ErrorBody,
  ErrorCode,
  Message,
  NavigationEvent,
  Note,
  Operator,
  OperatorSlots,
  Topic,
} from '@org/model';
export {
  ApiClient,
  type ApiResponse,
  type ClientOptions,
  type ClientWarning,
  createClient,
  type FetchLike,
  type ValidationMode,
} from './client.js';
export type {
  BodyInput,
  CallOptions,
  DateInput,
  EndpointId,
  Endpoints,
  ErrorStatusOf,
  FriendlyValue,
  ItemOf,
  PaginatedEndpointId,
  ParamsInput,
  QueryInput,
  RequestArgs,
  RequestInput,
  ResponseOf,
  SuccessStatusOf,
} from './endpoint-types.js';
export { ApiError, isApiError, type RequestTarget, ResponseValidationError } from './errors.js';
export { type CapInfo, PageIterator, type PageOptions, type PaginationState } from './pagination.js';
export { formatParamValue, type ParamFormat, paramFormatsOf, serializeQuery } from './query-string.js';
export { type RateLimitInfo, rateLimitOf, retryAfterSecondsOf } from './rate-limit.js';
export type { RetryInfo, RetryOptions } from './retry.js';
