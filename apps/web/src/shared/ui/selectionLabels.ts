/**
 * Screen-reader names of a table's selection boxes in pt-BR (antd writes 'Select all' and 'Select row N' in
 * English whatever the locale): each row's box named after what the row is.
 */
export function selectionLabels<T>(labelOf: (row: T) => string) {
  return {
    getCheckboxProps: (row: T) => ({ 'aria-label': `Selecionar ${labelOf(row)}` }),
    getTitleCheckboxProps: () => ({ 'aria-label': 'Selecionar todas as linhas' }),
  };
}
