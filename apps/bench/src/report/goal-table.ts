import { markdownTable } from '../common/table.js';

/** One goal of an issue: the figure it was filed with, this run's figure and the goal. */
export interface GoalRow {
  work: string;
  today: string;
  now: string;
  goal: string;
  /** undefined: not measured in this run. */
  met: boolean | undefined;
}

/** The `now` and `met` of a row this run did not measure, saying which option measures it. */
export function notMeasured(how: string): Pick<GoalRow, 'now' | 'met'> {
  return { now: `not measured (${how})`, met: undefined };
}

/** The Markdown table of an issue's goal rows. */
export function goalTable(issue: string, rows: readonly GoalRow[]): string {
  return markdownTable(
    [`Work (issue ${issue})`, 'Today (issue)', 'This run', 'Goal', 'Status'],
    rows.map((r) => [
      r.work,
      r.today,
      r.now,
      r.goal,
      r.met === undefined ? '' : r.met ? 'met' : '**MISSED**',
    ]),
  );
}
