/** Form rules more than one form needs. */

type FieldReader = { getFieldValue(name: string): unknown };

/** "Choose at least one of these fields"; give the other fields as the checked one's `dependencies`. */
export const oneOf =
  (fields: string[], message: string) =>
  ({ getFieldValue }: FieldReader) => ({
    validator: async () => {
      const chosen = fields.flatMap((field) => getFieldValue(field)).filter(Boolean);
      if (chosen.length === 0) throw new Error(message);
    },
  });

/** "Must equal that field" (a password typed again); give that field as `dependencies`. */
export const sameAs =
  (field: string, message: string) =>
  ({ getFieldValue }: FieldReader) => ({
    validator: (_: unknown, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
