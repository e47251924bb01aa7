"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";
import { ZRole, ZUserStatus } from "@/server/contracts/common";

const READERS = { role: param.oneOf(ZRole), status: param.oneOf(ZUserStatus), q: param.text };
export type UserFilters = UrlFilters<typeof READERS>;

/** The users list's filters live in the URL (?role=&status=&q=&page=). */
export const useUserFilters = () => useUrlFilters(READERS);
