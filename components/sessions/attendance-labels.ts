import type { TEmargementMethod } from "@/server/contracts/attendance";
import type { MessageKey } from "@/messages";

export const methodKey = (m: TEmargementMethod) => `sessionsAttendance.method_${m}` as MessageKey;
