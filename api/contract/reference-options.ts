export interface ReferenceOption {
  value: string;
  label: string;
}

export type ReferenceLists = Record<string, ReferenceOption[]>;
