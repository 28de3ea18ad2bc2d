import type { ContactProfile } from './contacts.js';
import type { Goal, OperatorInfo, OrgWorld, TopicInfo, WidgetInfo } from './organizations.js';
import type { Micros } from './time.js';

/**
 * A conversation as the generator tells it: what happened, when, and who did it. Rows for the
 * tables and the analytics data points are both derived from this one story, which is what keeps
 * them consistent (message counts = messages stored, ratings = rate, durations = part durations).
 */

export type PartCategory = 'live' | 'offline' | 're-engage';

export type MessageStateType = 1 | 3 | 4;

export const MESSAGE_STATE_TEXT: Readonly<Record<MessageStateType, string>> = {
  1: 'Submitted',
  3: 'Delivered to contact',
  4: 'Read by user',
};

export interface ScriptMessage {
  readonly sequence: number;
  readonly partId: number;
  readonly sentAt: Micros;
  readonly sender: 'contact' | 'operator';
  /** null for contact messages */
  readonly operator: OperatorInfo | null;
  readonly body: string;
  stateType: MessageStateType;
  markedReadContact: boolean;
  markedReadOperator: boolean;
}

export type AssignmentKind = 'route' | 'forward' | 'group_forward' | 'bot_handover';

/** The conversation is (re)assigned to `operator` at `at`; before the first one it is unassigned. */
export interface Assignment {
  readonly at: Micros;
  readonly partId: number;
  readonly operator: OperatorInfo;
  /** The group the conversation was routed through (a group forward's target group). */
  readonly groupId: number | null;
  readonly kind: AssignmentKind;
  readonly from: OperatorInfo | null;
  readonly by: OperatorInfo | null;
}

export interface ScriptPart {
  readonly id: number;
  readonly index: number;
  readonly category: PartCategory;
  readonly widget: WidgetInfo;
  readonly createdAt: Micros;
  endedAt: Micros;
  readonly browser: { readonly name: string; readonly os: string; readonly version: string };
  readonly location: {
    readonly city: string;
    readonly country: string;
    readonly lat: number;
    readonly lon: number;
  };
  readonly nameFriendly: string;
  readonly referrer: string | null;
  readonly messages: ScriptMessage[];
}

export interface StatusInterval {
  readonly status: string;
  readonly from: Micros;
  /** null: the conversation is still in this status */
  readonly to: Micros | null;
}

export interface TopicChange {
  readonly at: Micros;
  readonly added: readonly number[];
  readonly removed: readonly number[];
  readonly countAfter: number;
}

export interface SurveyAnswer {
  readonly index: number;
  readonly label: string;
  readonly at: Micros;
}

export interface NavigationDraft {
  readonly id: number;
  readonly at: Micros;
  readonly url: string;
  readonly title: string;
  readonly referrer: string | null;
  readonly linked: boolean;
}

export interface ScriptConversation {
  readonly id: number;
  readonly org: OrgWorld;
  readonly contact: ContactProfile;
  readonly contactUuid: string;
  readonly widget: WidgetInfo;
  readonly createdAt: Micros;
  readonly status: string;
  readonly parts: readonly ScriptPart[];
  /** All messages in sending order (sequence 1..n). */
  readonly messages: readonly ScriptMessage[];
  readonly assignments: readonly Assignment[];
  readonly timeline: readonly StatusInterval[];
  readonly topics: readonly TopicInfo[];
  readonly topicChanges: readonly TopicChange[];
  readonly rate: number | null;
  readonly ratedAt: Micros | null;
  readonly feedbackMessage: string | null;
  readonly feedbackAt: Micros | null;
  readonly preSurvey: SurveyAnswer | null;
  readonly postSurvey: SurveyAnswer | null;
  readonly goal: (Goal & { at: Micros }) | null;
  readonly inactivityAction: { action: string; at: Micros } | null;
  readonly slotReserved: boolean;
  readonly channelType: string;
  readonly channelState: string;
  readonly subject: string | null;
  readonly custom: Record<string, unknown>;
  readonly addonUrls: Record<string, string>;
  readonly dataPrivacy: boolean;
  readonly pageImpressions: number;
  readonly navigation: readonly NavigationDraft[];
  readonly updatedAt: Micros;
}

export const ACTIVE_STATUSES = ['new', 'open', 'pending', 'on_hold'] as const;

export const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  on_hold: 'On hold',
  ended: 'Ended',
};
