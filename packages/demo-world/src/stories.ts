import type { ContactProfile } from './contacts.js';
import { BOT_HANDOVER, fill, TEXTS } from './content.js';
import type { OperatorInfo, OrgWorld } from './organizations.js';
import type { Random } from './random.js';
import type { Assignment, AssignmentKind, PartCategory, ScriptMessage, ScriptPart } from './script-types.js';
import { MINUTE, type Micros, SECOND } from './time.js';

/**
 * How one session (conversation part) unfolds. A story writes messages and assignments on a
 * clock that never passes `limit` (the world's present): an optional step that would pass it ends
 * the story early, a required one (the contact's first message) is squeezed in before it.
 */
export class PartWriter {
  clock: Micros;
  remaining: number;

  constructor(
    readonly part: ScriptPart,
    readonly rng: Random,
    readonly contact: ContactProfile,
    readonly org: OrgWorld,
    private readonly limit: Micros,
    budget: number,
    private readonly allMessages: ScriptMessage[],
    private readonly assignments: Assignment[],
  ) {
    this.clock = part.createdAt;
    this.remaining = budget;
  }

  /** Moves the clock on; false (clock unchanged) when an optional step would pass the limit. */
  wait(minSeconds: number, maxSeconds: number, required = false): boolean {
    const delay = Math.floor(this.rng.float(minSeconds, maxSeconds) * SECOND);
    let target = this.clock + Math.max(1, delay);
    if (target > this.limit) {
      if (!required) return false;
      target = this.clock + Math.max(1, Math.floor((this.limit - this.clock) / 2));
    }
    this.clock = target;
    return true;
  }

  contactSays(template: string): void {
    this.push('contact', null, fill(template, this.rng, { city: this.contact.city ?? undefined }));
  }

  operatorSays(operator: OperatorInfo, template: string): void {
    const text = fill(template, this.rng, {
      operator: operator.displayName,
      contactFirstName: this.contact.firstName,
      city: this.contact.city ?? undefined,
    });
    this.push('operator', operator, text);
  }

  assign(
    operator: OperatorInfo,
    kind: AssignmentKind,
    options: { groupId?: number | null; from?: OperatorInfo | null; by?: OperatorInfo | null } = {},
  ): void {
    this.assignments.push({
      at: this.clock,
      partId: this.part.id,
      operator,
      groupId: options.groupId === undefined ? (operator.groupIds[0] ?? null) : options.groupId,
      kind,
      from: options.from ?? null,
      by: options.by ?? null,
    });
  }

  /** The operator the conversation is assigned to now, if any. */
  current(): OperatorInfo | null {
    return this.assignments[this.assignments.length - 1]?.operator ?? null;
  }

  private push(sender: 'contact' | 'operator', operator: OperatorInfo | null, body: string): void {
    const message: ScriptMessage = {
      sequence: this.allMessages.length + 1,
      partId: this.part.id,
      sentAt: this.clock,
      sender,
      operator,
      body,
      stateType: 1,
      markedReadContact: false,
      markedReadOperator: false,
    };
    this.allMessages.push(message);
    this.part.messages.push(message);
    this.remaining--;
  }
}

export type Forward = 'operator' | 'group' | null;

export type Story =
  | { kind: 'live'; forward: Forward }
  | { kind: 'offline'; forward: Forward }
  | { kind: 're-engage'; forward: Forward }
  | { kind: 'bot'; handover: boolean }
  | { kind: 'unanswered-live' }
  | { kind: 'unanswered-offline' };

export function categoryOf(story: Story): PartCategory {
  switch (story.kind) {
    case 'live':
    case 'bot':
    case 'unanswered-live':
      return 'live';
    case 'offline':
    case 'unanswered-offline':
      return 'offline';
    case 're-engage':
      return 're-engage';
  }
}

export interface StoryCast {
  /** Picks a human to route to (never `except`). */
  human(except?: OperatorInfo | null): OperatorInfo;
  /** A human of another group than `current`'s, with that group's id. */
  groupTarget(current: OperatorInfo): { operator: OperatorInfo; groupId: number };
  bot(): OperatorInfo | null;
  /** The human already handling the conversation (resumed sessions keep their operator). */
  incumbent: OperatorInfo | null;
}

const humanDelay = [15, 180] as const;
const botDelay = [1, 3] as const;
const contactDelay = [15, 150] as const;

export function tell(story: Story, w: PartWriter, cast: StoryCast): void {
  switch (story.kind) {
    case 'live':
      live(w, cast, story.forward);
      break;
    case 'offline':
      offline(w, cast, story.forward);
      break;
    case 're-engage':
      reEngage(w, cast, story.forward);
      break;
    case 'bot':
      bot(w, cast, story.handover);
      break;
    case 'unanswered-live':
      unanswered(w, cast.incumbent ?? cast.human());
      break;
    case 'unanswered-offline':
      unanswered(w, null);
      break;
  }
}

function openingQuestion(w: PartWriter): void {
  w.wait(3, 30, true);
  w.contactSays(w.rng.pick(TEXTS.contactOpener));
  if (w.remaining > 2 && w.rng.chance(0.3) && w.wait(8, 45)) w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
}

/** Contact and operator take turns until the budget is spent; ends with a goodbye. */
function chat(w: PartWriter, operator: OperatorInfo): void {
  const delay = operator.isBot ? botDelay : humanDelay;
  while (w.remaining > 2) {
    if (!w.wait(...contactDelay)) return;
    w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
    if (w.remaining > 2 && w.rng.chance(0.2) && w.wait(8, 50))
      w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
    if (!w.wait(delay[0], delay[1])) return;
    w.operatorSays(operator, w.rng.pick(operator.isBot ? TEXTS.botAnswer : TEXTS.operatorAnswer));
  }
  if (w.remaining > 0 && w.wait(delay[0], delay[1]))
    w.operatorSays(operator, w.rng.pick(TEXTS.operatorClosing));
  if (w.remaining > 0 && w.wait(...contactDelay)) w.contactSays(w.rng.pick(TEXTS.contactClosing));
}

/** Hands the conversation to a colleague or a group mid-session; returns who continues. */
function handOver(w: PartWriter, cast: StoryCast, from: OperatorInfo, forward: Forward): OperatorInfo {
  if (!forward || !w.wait(30, 150)) return from;
  if (forward === 'group') {
    const { operator, groupId } = cast.groupTarget(from);
    w.assign(operator, 'group_forward', { groupId, from, by: from });
    return operator;
  }
  const to = cast.human(from);
  w.assign(to, 'forward', { from, by: from });
  return to;
}

function live(w: PartWriter, cast: StoryCast, forward: Forward): void {
  let operator = cast.incumbent ?? cast.human();
  w.wait(1, 15, true);
  if (w.current()?.id !== operator.id) w.assign(operator, 'route');
  openingQuestion(w);
  if (!w.wait(...humanDelay)) return;
  w.operatorSays(operator, w.rng.pick(TEXTS.operatorGreeting));
  if (forward && w.wait(...contactDelay)) {
    w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
    const next = handOver(w, cast, operator, forward);
    if (next !== operator && w.wait(...humanDelay)) {
      operator = next;
      w.operatorSays(
        operator,
        "Hi, {operator} here, I've taken over from my colleague. {order} is the order, right?",
      );
    }
  }
  chat(w, operator);
}

/** Nobody was available when the contact wrote; an operator answers later (or never). */
function offline(w: PartWriter, cast: StoryCast, forward: Forward): void {
  openingQuestion(w);
  if (w.remaining > 2 && w.wait(20, 90)) w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
  if (!w.wait(10 * 60, 6 * 3600)) return;
  let operator = cast.incumbent ?? cast.human();
  if (w.current()?.id !== operator.id) w.assign(operator, 'route');
  if (forward) {
    operator = handOver(w, cast, operator, forward);
  }
  if (!w.wait(20, 120)) return;
  w.operatorSays(operator, w.rng.pick(TEXTS.offlineApology) + w.rng.pick(TEXTS.operatorAnswer));
  // The contact comes back to the offline reply (backchannel), then they chat.
  if (!w.wait(5 * 60, 8 * 3600)) return;
  w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
  if (!w.wait(...humanDelay)) return;
  w.operatorSays(operator, w.rng.pick(TEXTS.operatorAnswer));
  chat(w, operator);
}

/** The operator starts while the contact is away; the contact replies later. */
function reEngage(w: PartWriter, cast: StoryCast, forward: Forward): void {
  let operator = cast.incumbent ?? cast.human();
  w.wait(1, 5, true);
  if (w.current()?.id !== operator.id) w.assign(operator, 'route');
  w.wait(5, 30, true);
  w.operatorSays(operator, w.rng.pick(TEXTS.reEngageOpener));
  if (forward) {
    const next = handOver(w, cast, operator, forward);
    if (next !== operator && w.wait(30, 120)) {
      operator = next;
      w.operatorSays(operator, 'Hi, {operator} here: I will take care of this from now on.');
    }
  }
  w.wait(10 * 60, 10 * 3600, true);
  w.contactSays(w.rng.pick(TEXTS.contactFollowUp));
  if (!w.wait(...humanDelay)) return;
  w.operatorSays(operator, w.rng.pick(TEXTS.operatorAnswer));
  chat(w, operator);
}

function bot(w: PartWriter, cast: StoryCast, handover: boolean): void {
  const assistant = cast.bot();
  if (!assistant) {
    live(w, cast, null);
    return;
  }
  w.wait(1, 3, true);
  w.assign(assistant, 'route', { groupId: null });
  w.wait(1, 3, true);
  w.operatorSays(assistant, w.rng.pick(TEXTS.botGreeting));
  w.wait(5, 40, true);
  w.contactSays(w.rng.pick(TEXTS.botContactMessage));
  const turns = handover ? w.rng.int(1, 2) : Math.max(1, Math.floor(w.remaining / 2));
  for (let i = 0; i < turns; i++) {
    if (!w.wait(...botDelay)) return;
    w.operatorSays(assistant, w.rng.pick(TEXTS.botAnswer));
    if (!w.wait(...contactDelay)) return;
    w.contactSays(w.rng.pick(handover && i === turns - 1 ? TEXTS.contactAsksHuman : TEXTS.botContactMessage));
  }
  if (!handover) return;
  if (!w.wait(...botDelay)) return;
  w.operatorSays(assistant, w.rng.pick(BOT_HANDOVER));
  if (!w.wait(5, 60)) return;
  const human = cast.human();
  w.assign(human, 'bot_handover', { from: assistant, by: assistant });
  if (!w.wait(...humanDelay)) return;
  w.operatorSays(human, w.rng.pick(TEXTS.operatorGreeting));
  chat(w, human);
}

/** The contact writes and nobody answers: `operator` is the one routed (live) or null (offline). */
function unanswered(w: PartWriter, operator: OperatorInfo | null): void {
  if (operator) {
    w.wait(1, 15, true);
    if (w.current()?.id !== operator.id) w.assign(operator, 'route');
  }
  openingQuestion(w);
  const extra = w.rng.int(0, 2);
  for (let i = 0; i < extra && w.remaining > 0; i++) {
    if (!w.wait(60, 300)) return;
    w.contactSays(i === 0 ? 'Hello? Is anyone there?' : w.rng.pick(TEXTS.contactFollowUp));
  }
}

export const SESSION_TIMEOUT = { min: 2 * MINUTE, max: 10 * MINUTE } as const;
