import type { Row } from '../../../shared/domain';
import { PLANT_KINDS } from '../../agents/demo/demo-plant';
import { conductGrade } from '../../grade/conduct/conduct-grade';
import { CONDUCT_RULES, PASSING_RULES, type ConductRule } from '../../grade/conduct/rules';

/**
 * Whether the conduct checks still find what the demo agent plants (issue 24: "at the same rate, within 2
 * points"). Two figures, because they answer different questions: the failure rate of each rule over all rows
 * (how often a run shows that failure), and the detection rate of each planted mistake (of the rows where the
 * agent planted it, the share the checks flag). The failure rate moves when conversations reach the moment a
 * plant needs; the detection rate moves only when the checks or the plant's words change.
 */
export interface PlantDetection {
  kind: string;
  /** Rows whose `seeded` names this mistake. */
  planted: number;
  /** Of those, rows the checks flag under the mistake's own rule. */
  flaggedAsPlanted: number;
  /** Of those, rows the checks fail under any rule (a plant caught by an earlier rule still fails the row). */
  flaggedAtAll: number;
}

export interface ConductFigures {
  rows: number;
  /** Rows failing each rule (first match wins, as the grade reads). */
  failures: Partial<Record<ConductRule, number>>;
  /** Rows failing any rule. */
  failed: number;
  /** One entry per plant kind, in the demo agent's order. */
  plants: PlantDetection[];
}

const PASSING: ReadonlySet<ConductRule> = new Set(PASSING_RULES);

export function conductFigures(rows: readonly Row[], declaredTools: readonly string[]): ConductFigures {
  const failures: Partial<Record<ConductRule, number>> = {};
  const plants = new Map<string, PlantDetection>(
    PLANT_KINDS.map((kind) => [kind, { kind, planted: 0, flaggedAsPlanted: 0, flaggedAtAll: 0 }]),
  );
  let failed = 0;
  for (const row of rows) {
    const { rule } = conductGrade(row, declaredTools);
    const fails = !PASSING.has(rule);
    if (fails) {
      failed++;
      failures[rule] = (failures[rule] ?? 0) + 1;
    }
    for (const kind of new Set(row.seeded ?? [])) {
      const entry = plants.get(kind) ?? { kind, planted: 0, flaggedAsPlanted: 0, flaggedAtAll: 0 };
      entry.planted++;
      if (rule === kind) entry.flaggedAsPlanted++;
      if (fails) entry.flaggedAtAll++;
      plants.set(kind, entry);
    }
  }
  return { rows: rows.length, failures, failed, plants: [...plants.values()] };
}

/** Figures of several runs added up (the bench's six domains read as one sample). */
export function addConductFigures(parts: readonly ConductFigures[]): ConductFigures {
  const failures: Partial<Record<ConductRule, number>> = {};
  const plants = new Map<string, PlantDetection>();
  for (const part of parts) {
    for (const rule of CONDUCT_RULES) if (part.failures[rule]) failures[rule] = (failures[rule] ?? 0) + part.failures[rule]!;
    for (const plant of part.plants) {
      const entry = plants.get(plant.kind) ?? { kind: plant.kind, planted: 0, flaggedAsPlanted: 0, flaggedAtAll: 0 };
      entry.planted += plant.planted;
      entry.flaggedAsPlanted += plant.flaggedAsPlanted;
      entry.flaggedAtAll += plant.flaggedAtAll;
      plants.set(plant.kind, entry);
    }
  }
  return {
    rows: parts.reduce((sum, part) => sum + part.rows, 0),
    failures,
    failed: parts.reduce((sum, part) => sum + part.failed, 0),
    plants: [...plants.values()],
  };
}

/** The figures as the bench prints them: one line per rule that failed, one per plant kind. */
export function conductLines(figures: ConductFigures): string[] {
  const percent = (count: number, of: number) => (of === 0 ? '   -  ' : `${((count / of) * 100).toFixed(1).padStart(5)}%`);
  const lines = [`conduct failure rate ${percent(figures.failed, figures.rows)} of ${figures.rows} rows; by rule:`];
  for (const rule of CONDUCT_RULES) {
    const count = figures.failures[rule];
    if (count) lines.push(`  ${rule.padEnd(26)} ${percent(count, figures.rows)}  (${count})`);
  }
  lines.push('planted mistakes: rows planted, share flagged under their own rule, share failed under any rule');
  for (const plant of figures.plants) {
    lines.push(
      `  ${plant.kind.padEnd(26)} ${String(plant.planted).padStart(4)}  ${percent(plant.flaggedAsPlanted, plant.planted)}  ` +
        percent(plant.flaggedAtAll, plant.planted),
    );
  }
  return lines;
}
