import { describe, expect, it } from 'vitest';
import {
  attendanceSearch,
  classDetailsSearch,
  filesSearch,
  parseSearch,
  stringifySearch,
} from './search-params';

describe('search params', () => {
  it('keeps ids as strings, all-digit ones too', () => {
    expect(classDetailsSearch(parseSearch('?classId=42'))).toEqual({ classId: '42' });
    expect(classDetailsSearch(parseSearch('?classId=abc'))).toEqual({ classId: 'abc' });
  });

  it('takes the folder of /app/files as a string id', () => {
    expect(filesSearch(parseSearch('?folder=17'))).toEqual({ folder: '17' });
    expect(filesSearch(parseSearch('?folder='))).toEqual({});
  });

  it('drops a bad value instead of failing the page', () => {
    expect(attendanceSearch(parseSearch('?type=room&id=e1'))).toEqual({ id: 'e1' });
    expect(attendanceSearch(parseSearch('?type=event&id='))).toEqual({ type: 'event' });
    expect(attendanceSearch({})).toEqual({});
  });

  it('round-trips through the URL', () => {
    const search = { type: 'student', id: 'u 1/ø' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
    expect(stringifySearch({ classId: undefined })).toBe('');
  });
});
