/**
 * What no output of the proxy or check-har shows: tokens, and the values of fields that carry
 * personal data. The outputs are read in CI logs and attached to issues, by people who may see the
 * platform's behaviour but not its customers.
 */

export const REDACTED = '[redacted]';

/** Header and query names whose values are secrets (the sandbox journal redacts the same names). */
const SECRET_NAME = /authorization|cookie|token|secret|password|api[-_]?key|credential|session/i;

/**
 * Fields of the API's records that name, locate or reach a person, or hold free text a person wrote:
 * emails, names, phone numbers, addresses, social profiles, note and message texts.
 */
const PERSONAL_FIELD =
  /^(email|name|display_name|name_friendly|first_name|last_name|operator_name|operator_display_name|mobile_number|phone_number|phone|street|city|lat|lon|loc_lat|loc_lon|location|company|url_facebook|url_linkedin|url_twitter|url_profile_picture|body|text|subject|feedback_message|search_query|ip)$/i;

const EMAIL = /[^\s"'<>@,;:]+@[^\s"'<>@,;:]+\.[A-Za-z]{2,}/g;
/**
 * A phone number in international form (+49 30 1234567): a + first, so that dates, times and ids
 * are left alone; fields that hold a phone number are redacted by name.
 */
const PHONE = /\+\d[\d .()/-]{6,}\d/g;

/** A value that stays valid where the original was: an email stays an email, a string a string. */
const EMAIL_STAND_IN = 'redacted@example.invalid';

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function isPersonalField(name: string): boolean {
  return PERSONAL_FIELD.test(name);
}

/** Emails and phone numbers in a text, replaced. */
export function redactText(text: string): string {
  return text.replace(EMAIL, EMAIL_STAND_IN).replace(PHONE, REDACTED);
}

/** A header's or query parameter's value as outputs show it. */
export function redactedValue(name: string, value: string): string {
  return isSecretName(name) || isPersonalField(name) ? REDACTED : redactText(value);
}

/**
 * A JSON value with personal fields replaced by values of the same type (strings stay strings,
 * emails stay emails), so that judging the redacted value finds what judging the original found.
 */
export function redactJson(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => redactJson(item, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v, k)]));
  if (typeof value === 'number') return key !== undefined && isPersonalField(key) ? 0 : value;
  if (typeof value !== 'string') return value;
  if (key !== undefined && isPersonalField(key)) return value.includes('@') ? EMAIL_STAND_IN : REDACTED;
  return redactText(value);
}

/** A body's text with personal fields redacted: JSON field by field, any other text by pattern. */
export function redactBody(text: string): string {
  if (!text) return text;
  try {
    return JSON.stringify(redactJson(JSON.parse(text)));
  } catch {
    return redactText(text);
  }
}

/** A URL's path and query with secret and personal query values redacted, and emails in the path. */
export function redactUrl(pathAndQuery: string): string {
  const mark = pathAndQuery.indexOf('?');
  if (mark === -1) return redactText(pathAndQuery);
  const query = new URLSearchParams(pathAndQuery.slice(mark + 1));
  const redacted = [...query].map(([name, value]) => [name, redactedValue(name, value)]);
  return `${redactText(pathAndQuery.slice(0, mark))}?${new URLSearchParams(redacted).toString()}`;
}

/** The field a JSON pointer ends at (`/response/body/results/0/email` → `email`). */
function lastField(pointer: string): string {
  const steps = pointer.split('/').filter((step) => !/^\d+$/.test(step));
  return steps.at(-1)?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
}

/** A finding's `got` and message as outputs show them: a personal or secret field's value never. */
export function redactFinding<
  F extends { readonly pointer: string; readonly got: string; readonly message: string },
>(finding: F): F {
  const field = lastField(finding.pointer);
  if (!isPersonalField(field) && !isSecretName(field))
    return { ...finding, got: redactText(finding.got), message: redactText(finding.message) };
  const message =
    finding.got.length > 2 ? finding.message.split(finding.got).join(REDACTED) : finding.message;
  // The JSON type a value had is no personal data, and tells a wrong type from a wrong value.
  const type = /^(string|number|integer|boolean|array|object|null) /.exec(finding.got)?.[1];
  return { ...finding, got: type ? `${type} ${REDACTED}` : REDACTED, message: redactText(message) };
}
