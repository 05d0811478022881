import type { ErpDefault, ErpInstalment, ErpInstalments } from './erp-connector';
import { money } from './erp-http';

/** Open instalments split at `referenceDate` (YYYY-MM-DD): due on or after it, overdue before it. */
export function splitInstalments(open: readonly ErpInstalment[], referenceDate: string): ErpInstalments {
  return {
    due: open.filter((instalment) => instalment.dueDate >= referenceDate),
    overdue: open.filter((instalment) => instalment.dueDate < referenceDate),
  };
}

/** One default per sale: how many overdue instalments and their value with interest and fines. */
export function defaultsOf(overdue: readonly ErpInstalment[]): ErpDefault[] {
  const bySale = new Map<string, ErpDefault>();
  for (const instalment of overdue) {
    const entry = bySale.get(instalment.saleCode) ?? {
      saleCode: instalment.saleCode,
      overdueCount: 0,
      value: 0,
      interest: 0,
      fine: 0,
    };
    entry.overdueCount += 1;
    entry.value = money(entry.value + instalment.correctedValue);
    entry.interest = money(entry.interest + instalment.interest);
    entry.fine = money(entry.fine + instalment.fine);
    bySale.set(instalment.saleCode, entry);
  }
  return [...bySale.values()];
}
