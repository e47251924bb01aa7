import type { Role } from "@/components/shell/navigation";

/** Roles that run sessions (sessions.manage): they see the staff screens. */
export const isStaff = (role: Role | null | undefined): boolean => role === "ADMIN" || role === "CREATOR" || role === "TRAINER";
