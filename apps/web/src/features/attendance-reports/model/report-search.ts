/**
 * /app/attendance/report?from=…&to=…&line=…: the period and line are in the address, so a report
 * can be shared and reloaded. Free of zod, as it runs in the entry chunk (see app/search-params).
 */
import { isIsoDate } from '@tun/shared/iso-date';

export interface ReportSearch {
  from?: string;
  to?: string;
  line?: string;
}

export function reportSearch(input: Record<string, unknown>): ReportSearch {
  const search: ReportSearch = {};
  const { from, to, line } = input;
  if (typeof from === 'string' && isIsoDate(from)) search.from = from;
  if (typeof to === 'string' && isIsoDate(to)) search.to = to;
  if (typeof line === 'string' && line.length > 0 && line.length <= 200) search.line = line;
  return search;
}
