/** creator screens (en). Sections here are spread into messages/en.ts. */
export const creator_en = {} as const;
