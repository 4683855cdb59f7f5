/*
 * A row's shown verdict and reward over row_verdicts' own columns, as the Judge and Reward columns show them: the
 * latest judge grade's where a judge graded the row, else the latest conduct grade's. Migration 013 indexes these
 * expressions (`row_verdicts_shown`, `row_verdicts_shown_reward`), and a query reaches those indexes only by spelling
 * them exactly so, unqualified, over row_verdicts: the query-plan tests (013-shown-verdicts.test.ts,
 * rows-page-repository.test.ts) fail if these and the migration's frozen text part.
 */
export const SHOWN_VERDICT_SQL = "(CASE WHEN judge_verdict <> 'ungraded' THEN judge_verdict ELSE conduct_verdict END)";
export const SHOWN_REWARD_SQL = "(CASE WHEN judge_verdict <> 'ungraded' THEN judge_reward ELSE conduct_reward END)";
