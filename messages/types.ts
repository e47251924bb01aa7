import type { fr } from "./fr";

/** The shape of a catalogue: French's keys, any string values. */
export type Catalogue = { readonly [K in keyof typeof fr]: { readonly [L in keyof (typeof fr)[K]]: string } };

/** "section.key" for every message. */
export type MessageKey = { [S in keyof Catalogue]: `${S & string}.${keyof Catalogue[S] & string}` }[keyof Catalogue];
