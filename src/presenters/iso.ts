/** Dates cross to JSON and island props as ISO 8601 strings (props must be plain JSON). */
export const iso = (value: Date | string): string => new Date(value).toISOString();
