import type { MessageKey } from "@/messages";

/** Message keys of the learning enums (formats, levels, lesson kinds, statuses, BPF fields). */
export const formatKey = (f: string) => `learnCommon.FORMAT_${f}` as MessageKey;
export const levelKey = (l: string) => `learnCommon.LEVEL_${l}` as MessageKey;
export const lessonKindKey = (k: string) => `learnCommon.KIND_${k}` as MessageKey;
export const enrollmentStatusKey = (s: string) => `learnCommon.STATUS_${s}` as MessageKey;
export const traineeCategoryKey = (c: string) => `learnCommon.TRAINEE_${c}` as MessageKey;
export const financingSourceKey = (f: string) => `learnCommon.FUNDING_${f}` as MessageKey;
export const progressStatusKey = (s: string) => `learnPlayer.${s}` as MessageKey;
