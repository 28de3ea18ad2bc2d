import { COUNTRIES, type CountryProfile, fill, TEXTS } from './content.js';
import { fakerFor, slug } from './fakers.js';
import type { ResolvedWorldOptions } from './options.js';
import type { OrgWorld } from './organizations.js';
import { hashSeed, Random } from './random.js';
import { DAY, HOUR, MINUTE, type Micros } from './time.js';

/**
 * A contact is a pure function of (seed, organization, index): conversations re-derive the profile
 * of the contact they pick (name for message senders, country, visitor uuids) instead of keeping
 * every contact in memory. Contact ids are a contiguous block per organization.
 */
export interface ContactProfile {
  readonly id: number;
  readonly index: number;
  readonly organizationId: number;
  readonly country: CountryProfile;
  readonly createdAt: Micros;
  readonly updatedAt: Micros;
  readonly uuids: readonly string[];
  readonly firstName: string | null;
  readonly name: string | null;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly salutation: string | null;
  readonly gender: string | null;
  readonly company: string | null;
  readonly position: string | null;
  readonly street: string | null;
  readonly city: string | null;
  readonly countryCode: string | null;
  readonly phoneNumber: string | null;
  readonly mobileNumber: string | null;
  readonly isMobileNumberVerified: boolean;
  readonly locale: string;
  readonly contactByEmail: boolean;
  readonly contactByPhone: boolean;
  readonly contactByServiceChannels: boolean;
  readonly contactByServiceMessenger: boolean;
  readonly externalCustomerId: string | null;
  readonly isBlocked: boolean;
  readonly needsRegister: boolean;
  readonly locLat: number;
  readonly locLon: number;
  readonly urlFacebook: string | null;
  readonly urlLinkedin: string | null;
  readonly urlProfilePicture: string | null;
  readonly urlTwitter: string | null;
}

export interface NoteDraft {
  readonly operatorId: number | null;
  readonly body: string;
  readonly createdAt: Micros;
}

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.com', 'post.example'];

/** When contacts are created: from long before the conversation window up to just before now. */
export class ContactTimeline {
  readonly from: Micros;
  readonly step: number;
  /** Recently built profiles (see contactProfile). */
  readonly recent = new Map<number, ContactProfile>();

  constructor(
    private readonly options: ResolvedWorldOptions,
    readonly firstId: number,
    readonly count: number,
  ) {
    this.from = options.now - (options.days + 180) * DAY;
    this.step = (options.now - HOUR - this.from) / count;
  }

  /** Monotonic in the index, so "contacts existing at time t" is a prefix of the block. */
  createdAt(index: number): Micros {
    if (index === 0) return this.from;
    const jitter = hashSeed(this.options.seed, 'contact-created', this.firstId + index) / 4294967296;
    return Math.floor(this.from + (index + jitter) * this.step);
  }

  /** A contact that existed at `at`: usually a recent newcomer, otherwise any earlier one. */
  pickIndex(rng: Random, at: Micros): number {
    const newest = Math.min(this.count - 1, Math.max(0, Math.floor((at - this.from) / this.step) - 1));
    return rng.chance(0.4) ? Math.max(0, newest - rng.int(0, 3)) : rng.int(0, newest);
  }
}

/**
 * The profile of contact `index`. Conversations mostly pick recent contacts and every contact is
 * profiled again when written, so a small cache of recent profiles saves most faker calls.
 */
export function contactProfile(
  options: ResolvedWorldOptions,
  org: OrgWorld,
  timeline: ContactTimeline,
  index: number,
): ContactProfile {
  const cached = timeline.recent.get(index);
  if (cached) return cached;
  const profile = buildProfile(options, org, timeline, index);
  timeline.recent.set(index, profile);
  if (timeline.recent.size > 512) timeline.recent.delete(timeline.recent.keys().next().value!);
  return profile;
}

function buildProfile(
  options: ResolvedWorldOptions,
  org: OrgWorld,
  timeline: ContactTimeline,
  index: number,
): ContactProfile {
  const id = timeline.firstId + index;
  const rng = Random.of(options.seed, 'contact', id);
  const country = rng.chance(0.75) ? org.country : rng.pick(COUNTRIES);
  const faker = fakerFor(country, hashSeed(options.seed, 'contact-faker', id));
  const createdAt = timeline.createdAt(index);
  const anonymous = rng.chance(0.08);
  const sex = rng.chance(0.5) ? 'female' : 'male';
  const first = faker.person.firstName(sex);
  const last = faker.person.lastName(sex);
  const name = anonymous ? null : `${first} ${last}`;
  const email = anonymous
    ? rng.chance(0.3)
      ? `visitor${id}@${rng.pick(EMAIL_DOMAINS)}`
      : null
    : rng.chance(0.85)
      ? `${slug(first)}.${slug(last)}${rng.chance(0.3) ? rng.int(1, 99) : ''}@${rng.pick(EMAIL_DOMAINS)}`
      : null;
  const gender = rng.chance(0.1) ? null : rng.chance(0.03) ? 'diverse' : sex;
  const salutation =
    gender === null || rng.chance(0.05) ? null : rng.chance(0.08) ? 'dr' : sex === 'female' ? 'ms' : 'mr';
  const company = rng.chance(0.35) ? faker.company.name() : null;
  const mobile = rng.chance(0.35) ? faker.phone.number({ style: 'international' }) : null;
  const handle = slug(`${first}-${last}`) || `contact-${id}`;
  return {
    id,
    index,
    organizationId: org.id,
    country,
    createdAt,
    updatedAt: Math.min(createdAt + rng.int(0, 2 * 24 * 60) * MINUTE, options.now - MINUTE),
    // Visitor cookies: each conversation of the contact carries one of them.
    uuids: Array.from({ length: Number(rng.weighted({ 1: 6, 2: 3, 3: 1 })) }, () => rng.uuid()),
    firstName: anonymous ? null : first,
    name,
    email,
    emailVerified: email !== null && rng.chance(0.6),
    salutation,
    gender,
    company,
    position: company && rng.chance(0.8) ? faker.person.jobTitle() : null,
    street: rng.chance(0.6) ? faker.location.streetAddress() : null,
    city: rng.chance(0.8) ? faker.location.city() : null,
    countryCode: rng.chance(0.9) ? country.code : null,
    phoneNumber: rng.chance(0.4) ? faker.phone.number() : null,
    mobileNumber: mobile,
    isMobileNumberVerified: mobile !== null && rng.chance(0.5),
    locale: country.locale,
    contactByEmail: email !== null && rng.chance(0.6),
    contactByPhone: rng.chance(0.3),
    contactByServiceChannels: rng.chance(0.2),
    contactByServiceMessenger: rng.chance(0.25),
    externalCustomerId: rng.chance(0.25) ? `CRM-${id}` : null,
    isBlocked: rng.chance(0.01),
    needsRegister: rng.chance(0.1),
    locLat: round(country.lat + rng.float(-2, 2), 4),
    locLon: round(country.lon + rng.float(-2, 2), 4),
    urlFacebook: rng.chance(0.1) ? `https://www.facebook.com/${handle}` : null,
    urlLinkedin: rng.chance(0.15) ? `https://www.linkedin.com/in/${handle}` : null,
    urlProfilePicture: rng.chance(0.2) ? `https://avatars.example.com/${id}.jpg` : null,
    urlTwitter: rng.chance(0.08) ? `https://x.com/${handle.replaceAll('-', '_')}` : null,
  };
}

/** Notes operators wrote about the contact (about a third of contacts have some). */
export function contactNotes(
  options: ResolvedWorldOptions,
  org: OrgWorld,
  contact: ContactProfile,
): NoteDraft[] {
  const rng = Random.of(options.seed, 'notes', contact.id);
  const count = rng.weighted({ 0: 65, 1: 20, 2: 10, 3: 5 });
  const notes: NoteDraft[] = [];
  let at = contact.createdAt;
  for (let i = 0; i < Number(count); i++) {
    at = Math.min(at + rng.int(1, 20 * 24 * 60) * MINUTE + rng.int(0, 59_999_999), options.now - MINUTE);
    notes.push({
      operatorId: rng.chance(0.9) ? rng.pick(org.humans).id : null,
      body: fill(rng.pick(TEXTS.note), rng, { city: contact.city ?? undefined }),
      createdAt: at,
    });
  }
  return notes;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
