export interface FieldErrorShape {
  formErrors: string[];
  fieldErrors: Record<string, string[] | undefined>;
}
