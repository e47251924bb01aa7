"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";

const READERS = { userId: param.id, action: param.id, dateFrom: param.day, dateTo: param.day };
export type ActivityFilters = UrlFilters<typeof READERS>;

/** The activity log's filters live in the URL (?userId=&action=&dateFrom=&dateTo=&page=). */
export const useActivityFilters = () => useUrlFilters(READERS);
