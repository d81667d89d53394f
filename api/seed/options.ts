export interface ReferenceOption {
  value: string;
  label: string;
}

/**
 * Stored values are stable snake_case slugs of the label, so labels can be reworded later
 * without rewriting the users who picked them (change a label, never a value).
 */
export function slugValue(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function fromLabels(labels: readonly string[]): ReferenceOption[] {
  return labels.map((label) => ({ value: slugValue(label), label }));
}
