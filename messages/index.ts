import type { Locale } from "@/lib/i18n/config";
import { en } from "./en";
import { fr } from "./fr";
import type { Catalogue } from "./types";

export type { Catalogue, MessageKey } from "./types";

export const catalogues: Record<Locale, Catalogue> = { fr, en };
