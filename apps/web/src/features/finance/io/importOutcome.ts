import {
  FINANCE_IMPORT_LIMITS,
  FINANCE_IMPORT_MESSAGES,
  importOutcomeMessage,
  type ImportResult,
} from '@mirante/shared';

export interface ImportOutcome {
  type: 'success' | 'error' | 'warning';
  message: string;
  /** Failures add that an e-mail detailing the errors will arrive. */
  description: string | null;
  imported: number;
  rejected: ImportResult['list'];
}

/** The states and transitions and 8: all rows ok → success; none → error; mixed → warning with the counts. */
export function importOutcome(result: ImportResult): ImportOutcome {
  const rejected = result.list.filter((row) => !row.sucesso);
  const imported = result.list.length - rejected.length;
  const type = rejected.length === 0 ? 'success' : imported === 0 ? 'error' : 'warning';
  return {
    type,
    message: importOutcomeMessage(imported, rejected.length),
    description: rejected.length > 0 ? FINANCE_IMPORT_MESSAGES.emailNotice : null,
    imported,
    rejected,
  };
}

/** The validation rules: only .xls/.xlsx, at most 10 MB — checked before sending (the server checks the content again). */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.xlsx?$/i.test(file.name)) return FINANCE_IMPORT_MESSAGES.invalidType;
  if (file.size > FINANCE_IMPORT_LIMITS.maxFileBytes) return FINANCE_IMPORT_MESSAGES.tooLarge;
  return null;
}
