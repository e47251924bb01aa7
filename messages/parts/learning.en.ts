/** learning screens (en). Sections here are spread into messages/en.ts. */
export const learning_en = {} as const;
