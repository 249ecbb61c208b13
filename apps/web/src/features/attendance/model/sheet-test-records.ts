import type { SheetRecord } from '@tun/shared/attendance';

/** A saved record as a sheet row carries it, for the sheet tests, with the fields a test cares about. */
export function record(fields: Partial<SheetRecord> = {}): SheetRecord {
  return {
    note: null,
    registeredBy: 't1',
    preliminaryBy: null,
    nfcStatus: null,
    preliminaryStatus: null,
    manualStatus: null,
    ...fields,
  };
}
