import { type ContactTimeline, contactProfile } from './contacts.js';
import {
  BROWSERS,
  CHANNEL_TYPES,
  fill,
  PAGES,
  POST_SURVEY_OPTIONS,
  PRE_SURVEY_OPTIONS,
  REFERRERS,
  TEXTS,
} from './content.js';
import type { IdAllocator } from './ids.js';
import type { ResolvedWorldOptions } from './options.js';
import type { OperatorInfo, OrgWorld } from './organizations.js';
import { Random } from './random.js';
import type {
  Assignment,
  NavigationDraft,
  ScriptConversation,
  ScriptMessage,
  ScriptPart,
  TopicChange,
} from './script-types.js';
import { buildTimeline } from './status-timeline.js';
import {
  categoryOf,
  type Forward,
  PartWriter,
  SESSION_TIMEOUT,
  type Story,
  type StoryCast,
  tell,
} from './stories.js';
import { DAY, HOUR, MINUTE, type Micros, SECOND } from './time.js';

/** The kinds of first session; the first ones of every organization go through all of them. */
export const SCENARIOS = [
  'live',
  'live_forward',
  'live_forward_group',
  'offline',
  'offline_forward',
  'offline_forward_group',
  're_engage',
  're_engage_forward',
  're_engage_forward_group',
  'bot_only',
  'bot_handover',
  'unanswered_live',
  'unanswered_offline',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

const SCENARIO_WEIGHTS: Record<Scenario, number> = {
  live: 30,
  live_forward: 4,
  live_forward_group: 3,
  offline: 12,
  offline_forward: 2,
  offline_forward_group: 2,
  re_engage: 6,
  re_engage_forward: 1.5,
  re_engage_forward_group: 1.5,
  bot_only: 8,
  bot_handover: 10,
  unanswered_live: 5,
  unanswered_offline: 6,
};

/** The last conversations of every organization hold these statuses, so each one exists. */
const ONGOING_COVERAGE = ['new', 'open', 'pending', 'on_hold'] as const;

function storyOf(scenario: Scenario): Story {
  const forward = (s: string): Forward =>
    s.endsWith('_group') ? 'group' : s.includes('_forward') ? 'operator' : null;
  if (scenario.startsWith('live')) return { kind: 'live', forward: forward(scenario) };
  if (scenario.startsWith('offline')) return { kind: 'offline', forward: forward(scenario) };
  if (scenario.startsWith('re_engage')) return { kind: 're-engage', forward: forward(scenario) };
  if (scenario === 'bot_only') return { kind: 'bot', handover: false };
  if (scenario === 'bot_handover') return { kind: 'bot', handover: true };
  if (scenario === 'unanswered_live') return { kind: 'unanswered-live' };
  return { kind: 'unanswered-offline' };
}

/** Operators' chat slots held by ongoing conversations (used_slots of the slots endpoint). */
export class SlotLedger {
  readonly reservations = new Map<number, { at: Micros; conversationId: number; partId: number }[]>();

  tryReserve(operator: OperatorInfo, at: Micros, conversationId: number, partId: number): boolean {
    if (operator.isBot) return false;
    const held = this.reservations.get(operator.id) ?? [];
    if (held.length >= operator.totalSlots) return false;
    held.push({ at, conversationId, partId });
    this.reservations.set(operator.id, held);
    return true;
  }
}

export class ConversationScripter {
  constructor(
    private readonly options: ResolvedWorldOptions,
    private readonly org: OrgWorld,
    private readonly contacts: ContactTimeline,
    private readonly ids: IdAllocator,
    private readonly slots: SlotLedger,
  ) {}

  /** The window conversations start in. */
  get window(): { from: Micros; to: Micros } {
    return { from: this.options.now - this.options.days * DAY, to: this.options.now - 2 * HOUR };
  }

  script(index: number): ScriptConversation {
    const { options, org } = this;
    const count = options.conversationsPerOrg;
    const id = this.ids.next('conversation');
    const rng = Random.of(options.seed, 'conversation', id);
    const { from, to } = this.window;
    const createdAt = Math.floor(from + ((index + rng.next()) / count) * (to - from));

    const coverageStatus =
      count >= 2 * ONGOING_COVERAGE.length
        ? ONGOING_COVERAGE[index - (count - ONGOING_COVERAGE.length)]
        : undefined;
    const showcase = index < SCENARIOS.length && count >= SCENARIOS.length + ONGOING_COVERAGE.length;
    const recent = options.now - createdAt < 3 * DAY;
    const status =
      coverageStatus ??
      (showcase
        ? 'ended'
        : rng.chance(recent ? 0.6 : 0.06)
          ? rng.weighted({ new: 3, open: 3, pending: 3, on_hold: 1 })
          : 'ended');
    const scenario: Scenario =
      status === 'new'
        ? rng.pick(['unanswered_live', 'unanswered_offline'] as const)
        : showcase
          ? SCENARIOS[index]!
          : pickScenario(rng, status !== 'ended', org.bots.length > 0);

    const contact = contactProfile(options, org, this.contacts, this.contacts.pickIndex(rng, createdAt));
    const widget = rng.chance(0.8) ? org.widgets[0]! : rng.pick(org.widgets);
    const profileRng = Random.of(options.seed, 'visitor', contact.id);
    const browserFamily = profileRng.pick(BROWSERS);
    const browser = {
      name: browserFamily.name,
      os: browserFamily.os,
      version: profileRng.pick(browserFamily.versions),
    };

    const messages: ScriptMessage[] = [];
    const assignments: Assignment[] = [];
    const parts: ScriptPart[] = [];
    const partCount = status === 'new' ? 1 : showcase ? 2 : Number(rng.weighted({ 1: 75, 2: 18, 3: 7 }));
    const totalBudget = Math.max(1, Math.round(options.messagesPerConversation * rng.float(0.5, 1.5)));
    const limit = options.now - 5 * MINUTE;
    const cast = this.cast(rng, createdAt);
    let start = createdAt;
    for (let p = 0; p < partCount; p++) {
      if (p > 0) {
        start = parts[p - 1]!.endedAt + rng.int(1, 5 * 24) * HOUR + rng.int(0, HOUR - 1);
        if (start > options.now - 3 * HOUR) break;
      }
      const story: Story = p === 0 ? storyOf(scenario) : resumedStory(rng, scenario.startsWith('unanswered'));
      const part: ScriptPart = {
        id: this.ids.next('conversationPart'),
        index: p,
        category: categoryOf(story),
        widget: p === 0 || rng.chance(0.8) ? widget : rng.pick(org.widgets),
        createdAt: start,
        endedAt: start,
        browser,
        location: {
          city: contact.city ?? contact.country.region,
          country: contact.country.code,
          lat: contact.locLat,
          lon: contact.locLon,
        },
        nameFriendly: `Chat session ${p + 1}`,
        referrer: p === 0 && rng.chance(0.5) ? rng.pick(REFERRERS) : null,
        messages: [],
      };
      const budget = partCount === 1 ? totalBudget : Math.max(2, Math.round(totalBudget / partCount));
      const writer = new PartWriter(part, rng, contact, org, limit, budget, messages, assignments);
      cast.incumbent = p === 0 ? null : lastHuman(assignments);
      tell(story, writer, cast);
      part.endedAt = Math.min(
        writer.clock + rng.int(SESSION_TIMEOUT.min, SESSION_TIMEOUT.max),
        options.now - SECOND,
      );
      parts.push(part);
    }
    const lastPart = parts[parts.length - 1]!;
    const lastMessage = messages[messages.length - 1]!;
    const ended = status === 'ended';
    markReadStates(messages, ended, rng);

    const features = showcase || rng.chance(0.02);
    const rate =
      ended && (features || rng.chance(0.45)) ? Number(rng.weighted({ 1: 1, 2: 1, 3: 2, 4: 4, 5: 6 })) : null;
    const ratedAt = rate === null ? null : lastMessage.sentAt + rng.int(30, 90) * SECOND;
    const feedbackMessage = rate !== null && (features || rng.chance(0.4)) ? rng.pick(TEXTS.feedback) : null;
    const feedbackAt =
      feedbackMessage === null || ratedAt === null ? null : ratedAt + rng.int(5, 25) * SECOND;
    const preIndex = rng.int(0, PRE_SURVEY_OPTIONS.length - 1);
    const preSurvey =
      features || rng.chance(0.25)
        ? {
            index: preIndex,
            label: PRE_SURVEY_OPTIONS[preIndex]!,
            at: parts[0]!.createdAt + rng.int(1, 2) * SECOND,
          }
        : null;
    const postIndex = rng.int(0, POST_SURVEY_OPTIONS.length - 1);
    const postSurvey =
      ended && (features || rng.chance(0.2))
        ? {
            index: postIndex,
            label: POST_SURVEY_OPTIONS[postIndex]!,
            at: lastMessage.sentAt + rng.int(10, 25) * SECOND,
          }
        : null;
    const firstPart = parts[0]!;
    const firstPartLast = firstPart.messages[firstPart.messages.length - 1] ?? lastMessage;
    const goalPick = widget.goals.length > 0 && (features || rng.chance(0.1)) ? rng.pick(widget.goals) : null;
    const goal = goalPick ? { ...goalPick, at: firstPartLast.sentAt + rng.int(1, 60) * SECOND } : null;
    const firstContact = messages.find((m) => m.sender === 'contact')!;
    const inactivityAction =
      features || rng.chance(0.06)
        ? {
            action: rng.pick(INACTIVITY_ACTIONS),
            at: Math.min(firstContact.sentAt + rng.int(60, 300) * SECOND, firstPart.endedAt - SECOND),
          }
        : null;
    const { topics, topicChanges } = this.topicsOf(rng, features, parts);

    const currentOperator = assignments[assignments.length - 1]?.operator ?? null;
    const lastAssignment = assignments[assignments.length - 1];
    const slotReserved =
      !ended && currentOperator !== null && lastAssignment !== undefined
        ? this.slots.tryReserve(currentOperator, lastAssignment.at, id, lastAssignment.partId)
        : false;

    const navigation = this.navigationOf(rng, parts);
    const timeline = buildTimeline(status, parts, rng);
    const updatedAt = Math.max(
      lastPart.endedAt,
      ...[ratedAt, feedbackAt, postSurvey?.at, goal?.at, ...topicChanges.map((c) => c.at)].filter(
        (t): t is number => typeof t === 'number',
      ),
    );
    const channelType = rng.weighted(CHANNEL_TYPES);
    return {
      id,
      org,
      contact,
      contactUuid: rng.pick(contact.uuids),
      widget,
      createdAt,
      status,
      parts,
      messages,
      assignments,
      timeline,
      topics,
      topicChanges,
      rate,
      ratedAt,
      feedbackMessage,
      feedbackAt,
      preSurvey,
      postSurvey,
      goal,
      inactivityAction,
      slotReserved,
      channelType,
      channelState: !ended && options.now - lastMessage.sentAt < 30 * MINUTE ? 'online' : 'offline',
      subject: rng.chance(0.25) ? fill(rng.pick(TEXTS.subject), rng) : null,
      custom: rng.chance(0.3)
        ? { customer_tier: rng.pick(['bronze', 'silver', 'gold']), order_id: `A-${rng.int(100000, 999999)}` }
        : {},
      addonUrls: rng.chance(0.25) ? { crm: `https://crm.example.com/contacts/${contact.id}` } : {},
      dataPrivacy: rng.chance(0.05),
      pageImpressions: navigation.filter((n) => n.linked).length + rng.int(0, 6),
      navigation,
      updatedAt,
    };
  }

  private cast(rng: Random, createdAt: Micros): StoryCast {
    const { org, options } = this;
    // Recent conversations go to operators online now; older ones to anyone (history).
    const online = org.humans.filter((h) => h.status === 'online');
    const pool = options.now - createdAt < DAY && online.length > 0 ? online : org.humans;
    return {
      incumbent: null,
      human(except) {
        const candidates = pool.filter((h) => h.id !== except?.id);
        return rng.pick(candidates.length > 0 ? candidates : org.humans.filter((h) => h.id !== except?.id));
      },
      groupTarget(current) {
        const groups = org.groups.filter((g) => !current.groupIds.includes(g.id));
        const group = rng.pick(groups.length > 0 ? groups : org.groups);
        const members = org.humans.filter((h) => h.groupIds.includes(group.id) && h.id !== current.id);
        const operator =
          members.length > 0 ? rng.pick(members) : rng.pick(org.humans.filter((h) => h.id !== current.id));
        return { operator, groupId: group.id };
      },
      bot() {
        return org.bots.length > 0 ? rng.pick(org.bots) : null;
      },
    };
  }

  /** Topics set near the end of the first session; sometimes one added by mistake, removed later. */
  private topicsOf(rng: Random, features: boolean, parts: readonly ScriptPart[]) {
    if (!(features || rng.chance(0.6)) || this.org.topics.length === 0) {
      return { topics: [], topicChanges: [] as TopicChange[] };
    }
    const topics = rng.sample(this.org.topics, rng.int(1, 3));
    const extra = rng.chance(0.3) ? this.org.topics.find((t) => !topics.includes(t)) : undefined;
    const firstEnd = parts[0]!.endedAt;
    const lastEnd = parts[parts.length - 1]!.endedAt;
    const firstAt = firstEnd - rng.int(20, 60) * SECOND;
    const added = [...topics, ...(extra ? [extra] : [])].map((t) => t.id).sort((a, b) => a - b);
    const topicChanges: TopicChange[] = [{ at: firstAt, added, removed: [], countAfter: added.length }];
    if (extra) {
      topicChanges.push({
        at: lastEnd - rng.int(1, 15) * SECOND,
        added: [],
        removed: [extra.id],
        countAfter: topics.length,
      });
    }
    return { topics: [...topics].sort((a, b) => a.id - b.id), topicChanges };
  }

  /** Pages the contact viewed before starting (linked to the conversation) and sometimes after. */
  private navigationOf(rng: Random, parts: readonly ScriptPart[]): NavigationDraft[] {
    const before = rng.int(1, 4);
    const first = parts[0]!;
    const drafts: NavigationDraft[] = [];
    let at = first.createdAt - before * rng.int(30, 120) * SECOND;
    let referrer: string | null = first.referrer;
    for (let i = 0; i < before; i++) {
      const [path, title] = rng.pick(PAGES);
      const url = `${this.org.website}${fill(path, rng)}`;
      drafts.push({ id: 0, at, url, title: fill(title, rng), referrer, linked: true });
      referrer = url;
      at += rng.int(20, 110) * SECOND;
    }
    const lastEnd = parts[parts.length - 1]!.endedAt;
    if (rng.chance(0.25) && lastEnd + 31 * MINUTE < this.options.now) {
      const [path, title] = rng.pick(PAGES);
      drafts.push({
        id: 0,
        at: lastEnd + rng.int(1, 30) * MINUTE,
        url: `${this.org.website}${fill(path, rng)}`,
        title: fill(title, rng),
        referrer: null,
        linked: false,
      });
    }
    return drafts.map((draft) => ({ ...draft, id: this.ids.next('navigationEvent') }));
  }
}

const INACTIVITY_ACTIONS = [
  'status_reassign',
  'status_unassign',
  'status_reassign_fail',
  'active_notification',
  'active_reassign',
  'active_reassign_fail',
  'offline_reassign',
  'offline_reassign_fail',
] as const;

function pickScenario(rng: Random, ongoing: boolean, hasBot: boolean): Scenario {
  const weights: Partial<Record<Scenario, number>> = { ...SCENARIO_WEIGHTS };
  if (!hasBot) {
    delete weights.bot_only;
    delete weights.bot_handover;
  }
  if (ongoing) {
    // An unanswered conversation that is still open is "new", chosen separately.
    delete weights.unanswered_live;
    delete weights.unanswered_offline;
  }
  return rng.weighted(weights);
}

function resumedStory(rng: Random, unanswered: boolean): Story {
  const category = rng.weighted({ live: 50, offline: 30, 're-engage': 20 });
  if (unanswered) return category === 'live' ? { kind: 'unanswered-live' } : { kind: 'unanswered-offline' };
  if (category === 'live') return { kind: 'live', forward: null };
  if (category === 'offline') return { kind: 'offline', forward: null };
  return { kind: 're-engage', forward: null };
}

function lastHuman(assignments: readonly Assignment[]): OperatorInfo | null {
  for (let i = assignments.length - 1; i >= 0; i--) {
    const operator = assignments[i]!.operator;
    if (!operator.isBot) return operator;
  }
  return null;
}

/**
 * Delivery and read states: an operator message is read (4) once the contact wrote after it or
 * the conversation ended, else delivered (3); contact messages are submitted (1) and read by the
 * operator unless they trail the last operator message of an ongoing conversation.
 */
function markReadStates(messages: readonly ScriptMessage[], ended: boolean, rng: Random): void {
  let contactAfter = false;
  let operatorAfter = false;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.sender === 'operator') {
      const read = contactAfter || (ended && rng.chance(0.8));
      message.stateType = read ? 4 : 3;
      message.markedReadContact = read;
      message.markedReadOperator = true;
      operatorAfter = true;
    } else {
      message.stateType = 1;
      message.markedReadContact = true;
      message.markedReadOperator = operatorAfter || ended;
      contactAfter = true;
    }
  }
}
