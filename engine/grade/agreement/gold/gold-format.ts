import type { FileAgreement } from './file-agreement';

const show = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(4));

/** A kappa as the CLI and the app show it: the number where it measures something, else "undefined" and why. */
export function kappaText(kappa: number | null, isDefined: boolean, reason: string | null): string {
  if (kappa === null) return 'n/a';
  return isDefined ? kappa.toFixed(4) : `undefined (${reason ?? 'it measures nothing here'})`;
}

/** The gold's own lines of `wai agreement`: gold and conflicts, how the labels were made, and human-human agreement. */
export function formatGold(
  report: Pick<FileAgreement, 'n_gold' | 'n_conflicts' | 'labels_made' | 'human_agreement' | 'fleiss' | 'blind_only'>,
): string {
  const { blind, sighted, unrecorded } = report.labels_made;
  const lines = [
    `gold         ${report.n_gold} rows${report.n_conflicts > 0 ? `, ${report.n_conflicts} waiting for adjudication` : ''}` +
      `${report.blind_only ? ' (blind labels only)' : ''}`,
    `labels made  ${blind} blind, ${sighted} seeing the judges, ${unrecorded} not recorded`,
  ];
  for (const pair of report.human_agreement) {
    if (pair.authors === null) continue;
    lines.push(
      `humans       ${pair.authors[0]} x ${pair.authors[1]}: agreement ${show(pair.agreement)}, Cohen's kappa ` +
        `${kappaText(pair.kappa, pair.kappa_defined, pair.kappa_undefined_reason)}, n ${pair.n}`,
    );
  }
  if (report.fleiss) {
    const { fleiss } = report;
    lines.push(
      `humans       ${fleiss.authors.join(', ')}: agreement ${show(fleiss.agreement)}, Fleiss' kappa ` +
        `${kappaText(fleiss.kappa, fleiss.kappa_defined, fleiss.kappa_undefined_reason)}, n ${fleiss.n}`,
    );
  }
  return lines.join('\n');
}
