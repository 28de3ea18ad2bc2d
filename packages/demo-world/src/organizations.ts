import {
  BOT_NAMES,
  COUNTRIES,
  type CountryProfile,
  GOAL_NAMES,
  OPERATOR_GROUP_NAMES,
  TOPIC_TEXTS,
  WIDGET_NAMES,
} from './content.js';
import { fakerFor, slug } from './fakers.js';
import type { IdAllocator } from './ids.js';
import type { ResolvedWorldOptions } from './options.js';
import { hashSeed, Random } from './random.js';
import { DAY, type Micros } from './time.js';

export type OperatorRole = 'admin' | 'operator' | 'restricted';
export type OperatorPresence = 'online' | 'away' | 'offline';

export interface OperatorInfo {
  readonly id: number;
  readonly organizationId: number;
  readonly name: string;
  readonly displayName: string;
  readonly email: string;
  readonly isBot: boolean;
  readonly role: OperatorRole;
  readonly groupIds: readonly number[];
  readonly isAway: boolean;
  readonly status: OperatorPresence;
  readonly locale: string;
  readonly totalSlots: number;
  readonly createdAt: Micros;
  readonly updatedAt: Micros;
}

export interface Goal {
  readonly id: number;
  readonly name: string;
}

export interface WidgetInfo {
  readonly id: number;
  readonly name: string;
  readonly languageName: string;
  readonly locale: string;
  readonly goals: readonly Goal[];
}

export interface TopicInfo {
  readonly id: number;
  readonly text: string;
}

export interface OrgWorld {
  readonly index: number;
  readonly id: number;
  readonly customerId: number;
  readonly name: string;
  readonly isDefault: boolean;
  readonly country: CountryProfile;
  readonly domain: string;
  readonly website: string;
  readonly token: string;
  readonly widgets: readonly WidgetInfo[];
  readonly groups: readonly { id: number; name: string }[];
  readonly operators: readonly OperatorInfo[];
  readonly humans: readonly OperatorInfo[];
  readonly bots: readonly OperatorInfo[];
  readonly topics: readonly TopicInfo[];
  readonly createdAt: Micros;
}

export interface CustomerWorld {
  readonly id: number;
  readonly name: string;
  readonly token: string;
  readonly createdAt: Micros;
  readonly domain: string;
}

/** Start of the period the world covers (history before the conversation window). */
export function worldStart(options: ResolvedWorldOptions): Micros {
  return options.now - (options.days + 400) * DAY;
}

export function buildCustomer(options: ResolvedWorldOptions, ids: IdAllocator, token: string): CustomerWorld {
  const faker = fakerFor(COUNTRIES[0]!, hashSeed(options.seed, 'customer'));
  const name = faker.company.name();
  const shortName = slug(name.split(/[ ,]/)[0] ?? 'demo') || 'demo';
  return {
    id: ids.next('customer'),
    name,
    token,
    createdAt: worldStart(options),
    domain: `${shortName}.example`,
  };
}

export function buildOrganization(
  options: ResolvedWorldOptions,
  ids: IdAllocator,
  customer: CustomerWorld,
  index: number,
  token: string,
): OrgWorld {
  const rng = Random.of(options.seed, 'organization', index);
  const country = COUNTRIES[index % COUNTRIES.length]!;
  const id = ids.next('organization');
  const createdAt = customer.createdAt + (index % 30) * DAY;
  const widgets: WidgetInfo[] = [];
  for (let w = 0; w < options.widgetsPerOrg; w++) {
    const language = w === 1 && country.language !== 'English' ? ENGLISH : country;
    const baseName = WIDGET_NAMES[w % WIDGET_NAMES.length]!;
    widgets.push({
      id: ids.next('widget'),
      name: w < WIDGET_NAMES.length ? baseName : `${baseName} ${Math.floor(w / WIDGET_NAMES.length) + 1}`,
      languageName: language.language,
      locale: language.locale,
      goals: rng.sample(GOAL_NAMES, 2).map((goal) => ({ id: ids.next('goal'), name: goal })),
    });
  }
  const groups = OPERATOR_GROUP_NAMES.slice(0, 3).map((groupName) => ({
    id: ids.next('operatorGroup'),
    name: groupName,
  }));
  const humans: OperatorInfo[] = [];
  for (let h = 0; h < options.operatorsPerOrg; h++) {
    humans.push(buildHuman(options, ids, id, country, customer.domain, groups, createdAt, h));
  }
  const bots: OperatorInfo[] = [];
  for (let b = 0; b < options.botsPerOrg; b++) {
    const botName = BOT_NAMES[(index + b) % BOT_NAMES.length]!;
    bots.push({
      id: ids.next('operator'),
      organizationId: id,
      name: `${botName} (chatbot)`,
      displayName: botName,
      email: `${slug(botName)}.bot${b || ''}@${customer.domain}`,
      isBot: true,
      role: 'operator',
      groupIds: [],
      isAway: false,
      status: 'online',
      locale: country.locale,
      totalSlots: 0,
      createdAt,
      updatedAt: createdAt + DAY,
    });
  }
  const topics = rng.sample(TOPIC_TEXTS, 8).map((text) => ({ id: ids.next('topic'), text }));
  return {
    index,
    id,
    customerId: customer.id,
    name: `${customer.name} ${country.region}`,
    isDefault: index === 0,
    country,
    domain: customer.domain,
    website: `https://www.${customer.domain}/${country.code.toLowerCase()}`,
    token,
    widgets,
    groups,
    operators: [...humans, ...bots],
    humans,
    bots,
    topics,
    createdAt,
  };
}

const ENGLISH = COUNTRIES.find((c) => c.code === 'GB')!;

function buildHuman(
  options: ResolvedWorldOptions,
  ids: IdAllocator,
  organizationId: number,
  country: CountryProfile,
  domain: string,
  groups: readonly { id: number }[],
  orgCreatedAt: Micros,
  index: number,
): OperatorInfo {
  const id = ids.next('operator');
  const rng = Random.of(options.seed, 'operator', id);
  const faker = fakerFor(country, hashSeed(options.seed, 'operator-faker', id));
  const sex = rng.chance(0.5) ? 'female' : 'male';
  const first = faker.person.firstName(sex);
  const last = faker.person.lastName(sex);
  // Every organization keeps one online admin, so live conversations always find someone.
  const role: OperatorRole = index === 0 ? 'admin' : index === 1 ? 'restricted' : 'operator';
  const status: OperatorPresence =
    index === 0
      ? 'online'
      : index === 2
        ? 'away'
        : index === 3
          ? 'offline'
          : rng.weighted({ online: 2, away: 1, offline: 1 });
  const createdAt = orgCreatedAt + rng.int(1, 200) * DAY + rng.int(0, DAY - 1);
  return {
    id,
    organizationId,
    name: `${first} ${last}`,
    displayName: first,
    email: `${slug(first)}.${slug(last)}${index}@${domain}`,
    isBot: false,
    role,
    groupIds: rng.sample(groups, rng.int(1, 2)).map((group) => group.id),
    isAway: status === 'away',
    status,
    locale: country.locale,
    totalSlots: rng.int(3, 6),
    createdAt,
    updatedAt: createdAt + rng.int(0, 100) * DAY,
  };
}
