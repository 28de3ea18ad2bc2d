import type { Random } from './random.js';
import type { ScriptPart, StatusInterval } from './script-types.js';

/**
 * The statuses a conversation went through, derived from its sessions:
 * new until an operator first answers (an operator-started conversation opens directly), open
 * while people talk, sometimes pending after the operator's last word, ended when a session
 * closes the conversation; a later session reopens it. The last session of an ongoing
 * conversation leaves it in its final status (open, pending, on_hold or, unanswered, new).
 */
export function buildTimeline(
  finalStatus: string,
  parts: readonly ScriptPart[],
  rng: Random,
): StatusInterval[] {
  const intervals: { status: string; from: number; to: number | null }[] = [];
  const enter = (status: string, at: number) => {
    const current = intervals[intervals.length - 1];
    if (current?.status === status) return;
    const from = current ? Math.max(at, current.from) : at;
    if (current) current.to = from;
    intervals.push({ status, from, to: null });
  };
  for (const part of parts) {
    const isLast = part.index === parts.length - 1;
    const endsHere = !isLast || finalStatus === 'ended';
    const operatorMessages = part.messages.filter((m) => m.sender === 'operator');
    const firstAnswer = operatorMessages[0];
    const lastOperator = operatorMessages[operatorMessages.length - 1];
    const lastMessage = part.messages[part.messages.length - 1];
    if (part.index === 0) {
      if (part.messages[0]?.sender === 'operator') enter('open', part.createdAt);
      else {
        enter('new', part.createdAt);
        if (firstAnswer) enter('open', firstAnswer.sentAt);
      }
    } else {
      enter('open', part.createdAt);
    }
    if (endsHere) {
      if (lastOperator && lastMessage === lastOperator && rng.chance(0.5))
        enter('pending', lastOperator.sentAt);
      enter('ended', part.endedAt);
    } else if (finalStatus === 'pending') {
      enter('pending', (lastOperator ?? lastMessage)?.sentAt ?? part.endedAt);
    } else if (finalStatus === 'on_hold') {
      enter('on_hold', part.endedAt);
    } else if (finalStatus !== 'new') {
      enter(finalStatus, lastMessage?.sentAt ?? part.endedAt);
    }
  }
  return intervals;
}
