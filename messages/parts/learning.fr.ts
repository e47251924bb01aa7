/** learning screens (fr). Sections here are spread into messages/fr.ts. */
export const learning_fr = {} as const;
