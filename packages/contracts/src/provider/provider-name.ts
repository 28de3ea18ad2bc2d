/**
 * The Pact provider name of the customer-messaging API: consumers write it into their pacts,
 * the verification and the Pact Broker look pacts up by it.
 */
export const PROVIDER_NAME = 'customer-messaging-api';
