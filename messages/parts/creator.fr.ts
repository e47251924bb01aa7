/** creator screens (fr). Sections here are spread into messages/fr.ts. */
export const creator_fr = {} as const;
