// Placeholder written by the lead so the front end builds; the schemas work replaces this file.
export const validationMessages = { en: {} as Record<string, string>, ar: {} as Record<string, string> };
