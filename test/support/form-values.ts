// Values for the slots of a library form (loaders/text.ts fillForm), for tests that write a sentence and read it back.

/** A value per slot of the form, 17 upward: figures that a reading back must keep, each in its own place. */
export function slotValues(form: string): Record<string, string | number> {
  return Object.fromEntries([...form.matchAll(/\{([a-z]+)\}/gi)].map(([, slot], i) => [slot, 17 + i]));
}
